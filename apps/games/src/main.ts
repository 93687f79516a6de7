// The studio's entry: game pages register here as they are built (see the games issue).
const root = document.getElementById('studio');
if (root) root.dataset.ready = 'true';
