// Stylesheets imported for their side effects (the bundled font faces).
declare module '*.css';
