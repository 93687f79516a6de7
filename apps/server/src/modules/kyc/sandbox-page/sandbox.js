// The KYC sandbox page: hands the document in, sends the player's decision and tells the opener
// ({ type: 'paws:verification', sessionId, status }) at the platform origin only.

const MESSAGE_TYPE = 'paws:verification';
const REFRESHED_KEY = 'paws-kyc-refreshed';
const REVIEW_POLL_MS = 3000;
const data = document.body.dataset;

const texts = {
  failed: 'Verification failed. Please try again.',
  chooseFile: 'Please choose a file first.',
  received: (name) => `Document received: ${name}. It is waiting for review.`,
  FINISHED: (result) =>
    result === 'APPROVED'
      ? 'Verification approved. You can close this window.'
      : 'Verification declined. You can close this window.',
  CANCELED: () => 'Verification canceled. You can close this window.',
  ERROR: () => 'This verification session ended with an error. Please start again.',
};

function notifyOpener(status) {
  if (!window.opener || !data.targetOrigin || !data.sessionId) return;
  window.opener.postMessage({ type: MESSAGE_TYPE, sessionId: data.sessionId, status }, data.targetOrigin);
}

async function call(url, init, retried = false) {
  const response = await fetch(url, {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', ...init.headers },
  });
  // The access token is short-lived: refresh it once, as the platform's own client does.
  if (response.status === 401 && !retried) {
    const refreshed = await fetch(data.refreshUrl, { method: 'POST', credentials: 'same-origin' });
    if (refreshed.ok) return call(url, init, true);
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(body.message || `Error ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return body;
}

function signedOutPage() {
  if (sessionStorage.getItem(REFRESHED_KEY)) return;
  sessionStorage.setItem(REFRESHED_KEY, '1');
  fetch(data.refreshUrl, { method: 'POST', credentials: 'same-origin' })
    .then((response) => {
      if (response.ok) window.location.reload();
    })
    .catch(() => {});
}

function sessionPage() {
  sessionStorage.removeItem(REFRESHED_KEY);
  const form = document.getElementById('upload');
  const input = document.getElementById('document');
  const documentStatus = document.getElementById('document-status');
  const message = document.getElementById('message');
  const review = document.getElementById('review');
  const reviewButtons = [...review.querySelectorAll('button')];
  const cancel = document.querySelector('[data-decision="CANCEL"]');
  const uploadButton = form.querySelector('button');
  let session = {
    status: data.status,
    result: data.result || null,
    submitted: data.submitted === 'true',
    document: data.document ? { name: data.document } : null,
  };
  let busy = false;

  function render() {
    const open = session.status === 'STARTED';
    input.disabled = busy || !open || session.submitted;
    uploadButton.disabled = input.disabled;
    for (const button of reviewButtons) button.disabled = busy || !open || !session.submitted;
    cancel.disabled = busy || !open;
    cancel.hidden = !open;
    review.hidden = !open;
    form.hidden = session.submitted || !open;
    documentStatus.textContent =
      session.document && session.submitted ? texts.received(session.document.name) : '';
    document.body.dataset.status = session.status;
    if (!open) message.textContent = texts[session.status](session.result);
  }

  function fail(error) {
    message.textContent = texts.failed;
    console.error(error);
    notifyOpener('ERROR');
  }

  async function run(action) {
    busy = true;
    message.textContent = '';
    render();
    try {
      session = await action();
      return true;
    } catch (error) {
      // A refusal the player can fix (wrong file, too large) is shown as is; anything else fails the session.
      if (error.status >= 400 && error.status < 500) message.textContent = error.message;
      else fail(error);
      return false;
    } finally {
      busy = false;
      render();
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const file = input.files?.[0];
    if (!file) {
      message.textContent = texts.chooseFile;
      return;
    }
    const body = new FormData();
    body.append('document', file);
    void run(() => call(`${data.apiUrl}/document`, { method: 'POST', body })).then((ok) => {
      // Handed in: the opener's account shows the review at once.
      if (ok) notifyOpener('STARTED');
      if (ok) followReview();
    });
  });

  // Staff decide a handed-in document: the page follows the session and says (and tells the opener) when.
  let following = false;
  function followReview() {
    if (following || !session.submitted || session.status !== 'STARTED') return;
    following = true;
    const timer = setInterval(async () => {
      if (busy) return;
      if (session.status !== 'STARTED') {
        clearInterval(timer);
        return;
      }
      try {
        const next = await call(data.apiUrl, { method: 'GET' });
        if (next.status === 'STARTED' || session.status !== 'STARTED') return;
        clearInterval(timer);
        session = next;
        render();
        notifyOpener(session.status);
      } catch (error) {
        console.warn('Verification status not read', error);
      }
    }, REVIEW_POLL_MS);
  }

  for (const button of document.querySelectorAll('[data-decision]')) {
    button.addEventListener('click', async () => {
      const ok = await run(() =>
        call(`${data.apiUrl}/decision`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ decision: button.dataset.decision }),
        }),
      );
      if (ok) notifyOpener(session.status);
    });
  }

  render();
  if (session.status === 'STARTED') notifyOpener('STARTED');
  followReview();
}

if (data.signedOut === 'true') signedOutPage();
else if (data.sessionId) sessionPage();
