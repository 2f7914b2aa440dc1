// The resolve hook behind react-alias.mjs (module.register runs it off the main thread).
const ALIASES = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

export async function resolve(specifier, context, next) {
  return next(ALIASES[specifier] ?? specifier, context);
}
