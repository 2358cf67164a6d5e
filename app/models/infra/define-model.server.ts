import mongoose from "mongoose";

/**
 * A Mongoose model by name, defined once per process: a module evaluated again (Vite's dev server reloads it, a test
 * imports it by two paths) gets the model already defined instead of Mongoose's OverwriteModelError.
 */
export function defineModel<Doc>(name: string, schema: mongoose.Schema, collection?: string): mongoose.Model<Doc> {
  return (mongoose.models[name] ?? mongoose.model(name, schema, collection)) as mongoose.Model<Doc>;
}
