const DAY = 24 * 60 * 60 * 1000;

/**
 * A demo record's date, `days` before seeding at `hour` UTC: the demo's records are spread over the weeks before the
 * install, as a school's would be, instead of all dated the moment `npm start` seeded them.
 */
export function daysAgo(days: number, hour = 10) {
  const date = new Date(Date.now() - days * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
}
