// Node has no bundler aliases: this registers a resolve hook that maps React's module names to
// preact/compat, exactly as build.mjs and tsconfig.json do, so components run under uvu as built.
import { register } from 'node:module';

register('./react-alias-hooks.mjs', import.meta.url);
