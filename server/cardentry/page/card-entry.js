// The hosted card-entry page's script: posts the card to the service that served the page and
// hands the ticket it answers to the embedding window, at the session's allowed origin only.
'use strict';

(function cardEntry() {
  const form = document.getElementById('card-entry');
  if (form === null) return;
  const session = form.dataset.session;
  const origin = form.dataset.origin;
  const errorBox = document.getElementById('card-entry-error');
  const statusBox = document.getElementById('card-entry-status');
  const button = form.querySelector('button');
  const fields = ['account', 'expdate', 'cv', 'zip'].map((name) => form.elements.namedItem(name));

  function showError(text, fieldName) {
    errorBox.textContent = text;
    statusBox.textContent = '';
    for (const field of fields) field.removeAttribute('aria-invalid');
    const field = fieldName === undefined ? null : form.elements.namedItem(fieldName);
    if (field !== null) {
      field.setAttribute('aria-invalid', 'true');
      field.focus();
    }
    button.disabled = false;
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    errorBox.textContent = '';
    statusBox.textContent = 'Sending the card…';
    const [account, expdate, cv, zip] = fields.map((field) => field.value.trim());
    const body = {
      session,
      account: account.replace(/[\s-]/g, ''),
      expdate: expdate.replace(/\D/g, ''),
      cv,
      ...(zip === '' ? {} : { zip }),
    };
    let answer;
    try {
      const reply = await fetch('/cardentry/ticket', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      });
      answer = await reply.json();
    } catch {
      showError('The card could not be sent. Try again.');
      return;
    }
    if (answer.code !== 'AUTH') {
      showError(answer.verbiage, answer.field);
      return;
    }
    for (const field of fields) {
      field.value = '';
      field.disabled = true;
    }
    statusBox.textContent = `Card ${answer.account} received.`;
    window.parent.postMessage(
      {
        type: 'cardshieldticket',
        code: 'AUTH',
        ticket: answer.ticket,
        account: answer.account,
        cardtype: answer.cardtype,
      },
      origin,
    );
  });
})();
