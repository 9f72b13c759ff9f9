/**
 * The viewer page's script (runs in the user's browser; plain ES2020, no imports). It connects to the
 * stream WebSocket with the page's own token, draws frames, sends pointer positions as fractions of the
 * frame shown (the service scales them to page pixels), and reconnects unless the session ended.
 */
export const viewerScript = String.raw`
(() => {
  const params = new URLSearchParams(location.search);
  const sessionId = document.body.dataset.sessionId;
  const screen = document.getElementById('screen');
  const status = document.getElementById('status');
  const tabsEl = document.getElementById('tabs');
  const urlEl = document.getElementById('url');
  const ended = document.getElementById('ended');
  const readOnly = params.get('mode') === 'view';
  let socket;
  let canControl = false;
  let retryMs = 250;
  let isOver = false;

  const streamUrl = () => {
    const query = new URLSearchParams({ token: params.get('token') || '' });
    if (readOnly) query.set('mode', 'view');
    if (params.get('tab')) query.set('tab', params.get('tab'));
    return location.origin.replace(/^http/, 'ws') + '/sessions/' + encodeURIComponent(sessionId) + '/viewer/stream?' + query;
  };
  const send = (message) => { if (socket && socket.readyState === 1) socket.send(JSON.stringify(message)); };
  const sendSize = () => {
    const box = screen.parentElement.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    send({ type: 'size', width: Math.max(50, Math.round(box.width * dpr)), height: Math.max(50, Math.round(box.height * dpr)) });
  };
  let resizeTimer;
  window.addEventListener('resize', () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(sendSize, 200); });

  const renderTabs = (tabs, watched) => {
    tabsEl.replaceChildren(...tabs.map((tab) => {
      const button = document.createElement('button');
      button.className = 'tab' + (tab.index === watched ? ' active' : '');
      button.textContent = tab.title || tab.url || 'New tab';
      button.title = tab.url;
      button.addEventListener('click', () => send({ type: 'tab', index: tab.index }));
      return button;
    }));
    const current = tabs.find((tab) => tab.index === watched);
    urlEl.textContent = current ? current.url : '';
    document.title = (current && current.title ? current.title + ' · ' : '') + 'svc viewer';
  };

  const connect = () => {
    status.textContent = 'Connecting…';
    socket = new WebSocket(streamUrl());
    socket.onopen = () => { retryMs = 250; status.textContent = 'Live'; sendSize(); };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === 'frame') {
        screen.src = 'data:image/jpeg;base64,' + message.data;
        screen.dataset.frames = String(Number(screen.dataset.frames || 0) + 1);
      } else if (message.type === 'tabs') {
        canControl = message.control && !readOnly;
        document.body.classList.toggle('control', canControl);
        renderTabs(message.tabs, message.watched);
      } else if (message.type === 'ended') {
        isOver = true;
      }
    };
    socket.onclose = (event) => {
      if (isOver || event.code === 4000) {
        isOver = true;
        status.textContent = 'Ended';
        ended.hidden = false;
        return;
      }
      status.textContent = 'Reconnecting…';
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };

  const position = (event) => {
    const box = screen.getBoundingClientRect();
    const clamp = (value) => Math.min(1, Math.max(0, value));
    return { x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) };
  };
  const modifiers = (event) => (event.altKey ? 1 : 0) | (event.ctrlKey ? 2 : 0) | (event.metaKey ? 4 : 0) | (event.shiftKey ? 8 : 0);
  const buttons = ['left', 'middle', 'right'];
  const mouse = (kind) => (event) => {
    if (!canControl) return;
    event.preventDefault();
    if (kind === 'down') screen.focus();
    send({ type: 'mouse', event: kind, ...position(event), button: kind === 'move' ? 'none' : buttons[event.button] || 'left',
      clickCount: kind === 'move' ? 0 : event.detail || 1, modifiers: modifiers(event) });
  };
  screen.addEventListener('mousedown', mouse('down'));
  screen.addEventListener('mouseup', mouse('up'));
  let lastMove = 0;
  screen.addEventListener('mousemove', (event) => { const now = Date.now(); if (now - lastMove > 30) { lastMove = now; mouse('move')(event); } });
  screen.addEventListener('contextmenu', (event) => event.preventDefault());
  screen.addEventListener('wheel', (event) => {
    if (!canControl) return;
    event.preventDefault();
    send({ type: 'wheel', ...position(event), deltaX: event.deltaX, deltaY: event.deltaY, modifiers: modifiers(event) });
  }, { passive: false });
  const key = (kind) => (event) => {
    if (!canControl) return;
    // Let the browser raise its paste event for Ctrl/Cmd+V; the text is sent from there.
    if ((event.ctrlKey || event.metaKey) && event.key === 'v') return;
    event.preventDefault();
    send({ type: 'key', event: kind, key: event.key, code: event.code, keyCode: event.keyCode || 0, modifiers: modifiers(event) });
  };
  screen.addEventListener('keydown', key('down'));
  screen.addEventListener('keyup', key('up'));
  screen.addEventListener('paste', (event) => {
    if (!canControl) return;
    event.preventDefault();
    send({ type: 'text', text: event.clipboardData.getData('text') });
  });
  connect();
})();
`;
