// Stands in for the Rive runtime that Flet's web client would load from a CDN at start.
// The table draws no Rive animations. The loader is never answered: answering "not available"
// (null) made the client throw an uncaught `Exception` into the console on every page load,
// while a load that never finishes is simply never used.
window.RiveNative = function () { return new Promise(function () {}); };
