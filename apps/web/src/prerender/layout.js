// Runs right after the prerendered page's markup, before it is drawn: what the app's FirstScreen
// measures in a layout effect (how far down the page each block that reaches the bottom of the
// first screen starts), done here for the picture, which has no effects.
(function () {
  var blocks = document.querySelectorAll('#__ELEMENT__ [__BLOCK__]');
  for (var i = 0; i < blocks.length; i += 1) {
    var top = blocks[i].getBoundingClientRect().top + window.scrollY;
    blocks[i].style.setProperty('__TOP__', Math.max(0, Math.round(top)) + 'px');
  }
})();
