// Stands in for the Rive runtime that Flet's web client would load from a CDN at start.
// The table draws no Rive animations; answering "not available" lets the client carry on.
window.RiveNative = function () { return Promise.resolve(null); };
