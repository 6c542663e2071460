// The Engram console: hand-written, no framework, nothing fetched but this origin's REST API.
// Every string from the server is put into the page as text (never as HTML).
'use strict';

const I18N = {
  en: {
    memories: 'Memories', search: 'Search', review: 'Review', entities: 'Entities',
    audit: 'Audit & metrics', signin: 'Sign in', signout: 'Sign out', apikey: 'API key',
    devuser: 'User (--dev on loopback only, instead of a key)', roles: 'Roles (comma-separated)',
    teams: 'Teams (comma-separated)', signin_help: 'The key stays in this browser tab only.',
    type: 'Type', kind: 'Kind', status: 'Status', session: 'Session', agent: 'Agent',
    from: 'From', to: 'To', metadata: 'Metadata', meta_filter: 'Metadata (JSON, Mem0 filter)', any: 'any',
    apply: 'Apply', next: 'Next page', prev: 'Previous page', first: 'First page',
    content: 'Content', version: 'Ver.', recorded: 'Recorded', confidence: 'Confidence',
    none: 'Nothing here.', page_note: 'Every filter runs on the server; {n} matches a page.',
    shown: '{a} on this page',
    query: 'Query', limit: 'Limit', history: 'Include history', deep: 'Deep search',
    expired_too: 'Include expired', go: 'Search', results: 'Results', context: 'Context block ' +
      '(as the agent would receive it)', channels: 'Channels (rank, score)', factors:
      'Score factors', fingerprint: 'Confidence fingerprint', score: 'score', age: 'age',
    context_go: 'Build the context block (counts as a recall)', relevance: 'relevance',
    state: 'state', superseded_by: 'superseded by', used: 'Used',
    wrong: 'Wrong', outdated: 'Outdated', feedback_done: 'Feedback recorded.',
    memory: 'Memory', versions: 'Versions', source: 'Source message', links: 'Links',
    correct: 'Correct', correct_text: 'Corrected statement', save: 'Save new version',
    forget: 'Forget', forget_soft: 'Forget (soft)', forget_hard: 'Erase (hard)',
    confirm_soft: 'Retire this memory (all versions)? It stays in the audit log.',
    confirm_hard: 'Erase the content of every version and its source text? This cannot be ' +
      'undone.', confirm: 'Confirm', cancel: 'Cancel', forgotten: 'Memory forgotten.',
    corrected: 'New version written.', reinforced: 'Reinforced', ttl: 'Expires',
    dormancy: 'Dormant', yes: 'yes', no: 'no', scope: 'Scope', subject: 'Fact', event_time:
      'Event time', valid: 'Valid', last_seen: 'Last seen', why: 'why', by: 'by',
    first_version: 'first statement', correction: 'correction', newer: 'newer statement',
    feedback_fix: 'feedback correction', superseded_at: 'superseded', role: 'role',
    no_source: 'The message is not visible to this key (only the user who said it may read it).',
    open_items: 'Open items', all_items: 'Include resolved', approve: 'Approve',
    reject: 'Reject', reason: 'Why', resolved: 'Resolved', created: 'Raised',
    payload: 'Details', entity_q: 'Name, alias, role or id', relations: 'Relations',
    outgoing: 'outgoing', incoming: 'incoming', mutual: 'co-mentioned', its_memories:
      'Its memories', verify: 'Verify chain', intact: 'Chain intact: {n} records.',
    broken: 'Chain BROKEN at record {s} ({n} records).', seq: 'Seq', at: 'At', actor: 'Actor',
    action: 'Action', targets: 'Targets', window: 'Window (days)', stats: 'Totals',
    recalls: 'Recalls', hit_rate: 'Hit rate', repeat_rate: 'Repeated questions',
    reload_rate: 'Context reloads', review_open: 'Review backlog', quarantined: 'Quarantined',
    writes: 'Writes by signal', per_day: 'Per day (the server\'s series; review backlog ' +
      'and quarantined as of each day\'s end)', no_series: 'Per-day series: windows up to 90 days.',
    more: 'Load more', loading: 'Loading…', edit_fb: 'Feedback', only_search:
      'Feedback needs a recall that showed this memory: find it in Search first.',
    welcome: 'Signed in as {u}.', error: 'Error', id: 'Id', by_what: 'Metrics of',
    by_id: 'Id (empty: mine)',
  },
  zh: {
    memories: '记忆', search: '检索', review: '审核队列', entities: '实体', audit: '审计与指标',
    signin: '登录', signout: '退出', apikey: 'API 密钥',
    devuser: '用户（仅 --dev 且本机访问时可代替密钥）', roles: '角色（逗号分隔）',
    teams: '团队（逗号分隔）', signin_help: '密钥只保存在当前浏览器标签页中。',
    type: '类型', kind: '种类', status: '状态', session: '会话', agent: '智能体',
    from: '起', to: '止', metadata: '元数据', meta_filter: '元数据（JSON，Mem0 筛选语法）', any: '全部',
    apply: '筛选', next: '下一页', prev: '上一页', first: '第一页',
    content: '内容', version: '版本', recorded: '记录时间', confidence: '置信度',
    none: '暂无内容。', page_note: '所有筛选均由服务端完成；每页 {n} 条符合条件的记忆。',
    shown: '本页 {a} 条', query: '查询', limit: '条数', history: '包含历史版本',
    deep: '深度检索', expired_too: '包含已过期', go: '检索', results: '结果',
    context: '上下文块（智能体实际收到的内容）', channels: '召回通道（名次、得分）',
    factors: '得分因子', fingerprint: '置信度指纹', score: '得分', age: '时长',
    context_go: '生成上下文块（计为一次召回）', relevance: '相关度', state: '状态',
    superseded_by: '被替代为', used: '有用',
    wrong: '错误', outdated: '已过时', feedback_done: '反馈已记录。',
    memory: '记忆', versions: '版本', source: '来源消息', links: '关联',
    correct: '更正', correct_text: '更正后的表述', save: '保存新版本',
    forget: '遗忘', forget_soft: '遗忘（软删除）', forget_hard: '擦除（硬删除）',
    confirm_soft: '确定停用这条记忆（全部版本）吗？审计日志仍会保留记录。',
    confirm_hard: '确定擦除所有版本的内容及其来源文本吗？此操作无法撤销。',
    confirm: '确认', cancel: '取消', forgotten: '记忆已遗忘。', corrected: '已写入新版本。',
    reinforced: '强化次数', ttl: '过期时间', dormancy: '休眠', yes: '是', no: '否',
    scope: '范围', subject: '事实', event_time: '事件时间', valid: '有效期', last_seen: '最近出现',
    why: '原因', by: '操作者', first_version: '首次陈述', correction: '更正', newer: '新的陈述',
    feedback_fix: '反馈更正', superseded_at: '被替代于',
    role: '角色', no_source: '当前密钥看不到这条消息（只有说出它的用户可以查看）。',
    open_items: '待处理', all_items: '包含已处理', approve: '批准', reject: '驳回',
    reason: '原因', resolved: '已处理', created: '提出时间', payload: '详情',
    entity_q: '名称、别名、角色或编号', relations: '关系', outgoing: '指向', incoming: '来自',
    mutual: '共同提及', its_memories: '相关记忆', verify: '校验哈希链',
    intact: '哈希链完整：共 {n} 条记录。', broken: '哈希链在第 {s} 条记录处断裂（共 {n} 条）。',
    seq: '序号', at: '时间', actor: '操作者', action: '操作', targets: '对象',
    window: '时间窗（天）', stats: '总量', recalls: '召回次数', hit_rate: '命中率',
    repeat_rate: '重复提问率', reload_rate: '上下文重载率', review_open: '待审核',
    quarantined: '已隔离', writes: '按信号统计的写入', per_day: '每日趋势（服务端统计；待审核与已隔离为每日结束时的数量）',
    no_series: '每日趋势仅适用于 90 天以内的时间窗。',
    more: '加载更多', loading: '加载中…', edit_fb: '反馈',
    only_search: '反馈需要一次展示过这条记忆的召回：请先在“检索”中找到它。',
    welcome: '已登录：{u}。', error: '错误', id: '编号', by_what: '指标对象',
    by_id: '编号（留空：本人）',
  },
};

const TYPES = ['working', 'episodic', 'semantic', 'procedural'];
const KINDS = ['fact', 'preference', 'event', 'task', 'state', 'summary', 'raw'];
const STATUSES = ['current', 'outdated', 'dormant', 'expired', 'quarantined'];
const PAGE = 50;
const STORE = 'engram.console';

const state = {
  lang: localStorage.getItem('engram.lang') ||
    ((navigator.language || '').startsWith('zh') ? 'zh' : 'en'),
  auth: JSON.parse(sessionStorage.getItem(STORE) || 'null'),
  lastRecall: {},  // memory id -> request id of the recall that showed it (for feedback)
};

function t(key, vars) {
  let s = (I18N[state.lang] || I18N.en)[key] || I18N.en[key] || key;
  for (const k in vars || {}) s = s.replace('{' + k + '}', vars[k]);
  return s;
}

// h('div', {class: 'x', onclick: fn}, 'text', child...): an element; strings become text.
function h(tag, attrs, ...children) {
  const svg = ['svg', 'line', 'circle', 'text', 'rect', 'g', 'title'].includes(tag);
  const el = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag) :
    document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

let fieldSeq = 0;
function field(label, input, cls) {
  const id = input.id || ('f' + (++fieldSeq));
  input.id = id;
  return h('div', {class: 'field' + (cls ? ' ' + cls : '')},
    cls === 'check' ? [input, h('label', {for: id}, label)] :
      [h('label', {for: id}, label), input]);
}

function select(name, values, value, anyLabel) {
  return h('select', {name},
    anyLabel ? h('option', {value: ''}, anyLabel) : null,
    values.map((v) => h('option', {value: v, selected: v === value}, v)));
}

function fmtTime(s) {
  if (!s) return '';
  const d = new Date(s);
  return isNaN(d) ? s : d.toLocaleString(state.lang === 'zh' ? 'zh-CN' : 'en-GB');
}

function fmtNum(x, digits) { return typeof x === 'number' ? x.toFixed(digits ?? 3) : ''; }

function showError(err) {
  const box = document.getElementById('error');
  if (!err) { box.hidden = true; box.textContent = ''; return; }
  box.textContent = t('error') + ' ' + (err.status ? err.status + ' ' : '') +
    (err.code ? err.code + ': ' : '') + err.message;
  box.hidden = false;
}

function notice(text) {
  const box = document.getElementById('notice');
  box.textContent = text || '';
  box.hidden = !text;
}

// One REST call with the session's credentials. Throws {status, code, message}.
async function api(method, path, body) {
  const a = state.auth || {};
  const url = new URL(path, location.origin);
  const headers = {};
  if (a.key) headers.Authorization = 'Bearer ' + a.key;
  else if (a.user) {
    url.searchParams.set('user', a.user);
    for (const r of a.roles || []) url.searchParams.append('role', r);
    for (const tm of a.teams || []) url.searchParams.append('team', tm);
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {method, headers, body: body === undefined ? undefined :
    JSON.stringify(body)});
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const e = (data && data.error) || {};
    throw {status: res.status, code: e.code || '', message: e.message || res.statusText};
  }
  return data;
}

// Runs an action; its error (if any) is shown in the alert region.
async function attempt(fn) {
  showError(null);
  try { return await fn(); } catch (e) {
    showError(e.message ? e : {message: String(e)});
    return undefined;
  }
}

// A horizontal bar: label, value in [0, max], the number.
function bar(label, value, max, cls, text) {
  const pct = max > 0 ? Math.max(0, Math.min(1, value / max)) * 100 : 0;
  const fill = h('span');
  fill.style.width = pct.toFixed(1) + '%';
  const shown = text ?? fmtNum(value);
  return [h('span', {}, label),
    h('div', {class: 'bar ' + (cls || ''), role: 'img', 'aria-label': label + ': ' + shown}, fill),
    h('span', {class: 'small'}, shown)];
}

function statusOf(m) {
  if (m.status === 'deleted' || m.status === 'quarantined') return m.status;
  if (!m.current) return 'outdated';
  if (m.status === 'dormant') return 'dormant';
  if (m.expires_at && Date.parse(m.expires_at) < Date.now()) return 'expired';
  return 'current';
}

function badge(s) { return h('span', {class: 'badge ' + s}, s); }
function memLink(id) { return h('a', {href: '#/memory/' + id}, '#' + id); }

// ---------------------------------------------------------------------------------- views

function viewLogin(main) {
  const key = h('input', {type: 'password', name: 'key', autocomplete: 'off',
    placeholder: 'ek_…'});
  const user = h('input', {name: 'user', autocomplete: 'off'});
  const roles = h('input', {name: 'roles', autocomplete: 'off'});
  const teams = h('input', {name: 'teams', autocomplete: 'off'});
  const split = (s) => s.split(',').map((x) => x.trim()).filter(Boolean);
  const form = h('form', {class: 'card login', id: 'login', 'aria-label': t('signin'),
    onsubmit: async (ev) => {
      ev.preventDefault();
      state.auth = {key: key.value.trim(), user: key.value.trim() ? '' : user.value.trim(),
        roles: split(roles.value), teams: split(teams.value)};
      const stats = await attempt(() => api('GET', '/v1/stats'));
      if (!stats) { state.auth = null; return; }
      sessionStorage.setItem(STORE, JSON.stringify(state.auth));
      location.hash = '#/memories';
      render();
    }},
  h('h2', {}, t('signin')), field(t('apikey'), key), field(t('devuser'), user),
  field(t('roles'), roles), field(t('teams'), teams),
  h('p', {class: 'muted small'}, t('signin_help')),
  h('button', {type: 'submit', id: 'signin'}, t('signin')));
  main.append(form);
  key.focus();
}

async function viewMemories(main, params) {
  const f = Object.fromEntries(params);
  const type = select('type', TYPES, f.type, t('any'));
  const kind = select('kind', KINDS, f.kind, t('any'));
  const status = select('status', STATUSES, f.status, t('any'));
  const session = h('input', {name: 'session', value: f.session || ''});
  const agent = h('input', {name: 'agent', value: f.agent || ''});
  const from = h('input', {name: 'from', type: 'date', value: f.from || ''});
  const to = h('input', {name: 'to', type: 'date', value: f.to || ''});
  const meta = h('input', {name: 'metadata', value: f.metadata || '', placeholder: '{"k": "v"}'});
  const form = h('form', {class: 'filters card', 'aria-label': t('memories'), onsubmit: (ev) => {
    ev.preventDefault();
    const q = new URLSearchParams();
    for (const el of form.elements) if (el.name && el.value) q.set(el.name, el.value);
    location.hash = '#/memories?' + q;
  }}, field(t('type'), type), field(t('kind'), kind), field(t('status'), status),
  field(t('session'), session), field(t('agent'), agent), field(t('from'), from),
  field(t('to'), to), field(t('meta_filter'), meta), h('button', {type: 'submit'}, t('apply')));
  main.append(h('h2', {}, t('memories')), form,
    h('p', {class: 'muted small'}, t('page_note', {n: PAGE})));
  if (f.metadata) {
    try { JSON.parse(f.metadata); } catch (e) {
      showError({message: 'metadata: ' + e.message});
      return;
    }
  }
  // Every filter runs on the server, so a page is full while more matching memories exist.
  const q = new URLSearchParams({limit: String(PAGE)});
  const keys = {type: 'type', kind: 'kind', session: 'session', status: 'status',
    agent: 'agent_id', metadata: 'metadata', after: 'after'};
  for (const [k, name] of Object.entries(keys)) if (f[k]) q.set(name, f[k]);
  // Dates are the browser's local days: from its first instant to the next day's.
  const day = (d, next) => {
    const x = new Date(d + 'T00:00');
    if (next) x.setDate(x.getDate() + 1);
    return x.toISOString();
  };
  if (f.from) q.set('recorded_from', day(f.from, false));
  if (f.to) q.set('recorded_to', day(f.to, true));
  const page = await attempt(() => api('GET', '/v1/memories?' + q));
  if (!page) return;
  const rows = page.memories;
  main.append(h('p', {class: 'small', id: 'shown'}, t('shown', {a: rows.length})));
  main.append(rows.length ? h('table', {class: 'list', id: 'memory-list'},
    h('thead', {}, h('tr', {}, [t('id'), t('content'), t('type') + ' / ' + t('kind'), t('status'),
      t('version'), t('recorded'), t('confidence')].map((x) => h('th', {scope: 'col'}, x)))),
    h('tbody', {}, rows.map((m) => h('tr', {'data-id': m.id},
      h('td', {'data-label': t('id')}, memLink(m.id)),
      h('td', {class: 'content', 'data-label': t('content')}, m.content),
      h('td', {'data-label': t('type')}, m.type + ' / ' + m.kind),
      h('td', {'data-label': t('status')}, badge(statusOf(m))),
      h('td', {'data-label': t('version')}, 'v' + m.version),
      h('td', {'data-label': t('recorded'), class: 'small'}, fmtTime(m.recorded_at)),
      h('td', {'data-label': t('confidence')},
        h('div', {class: 'bars'}, bar('', m.confidence.overall, 1, 'c'))))))) :
    h('p', {class: 'muted'}, t('none')));
  const nav = h('div', {class: 'row pager'});
  const go = (after) => {
    const p = new URLSearchParams(params);
    if (after) p.set('after', after); else p.delete('after');
    location.hash = '#/memories?' + p;
  };
  if (f.after) nav.append(h('button', {class: 'secondary', onclick: () => go(null)}, t('first')));
  if (page.next_after) {
    nav.append(h('button', {id: 'next-page', onclick: () => go(page.next_after)}, t('next')));
  }
  main.append(nav);
}

function hitCard(hit, maxima, requestId) {
  const ch = Object.entries(hit.channels || {});
  const ex = hit.explanation || {};
  const c = hit.confidence || {};
  const fb = (verdict) => h('button', {class: 'secondary', onclick: async () => {
    const r = await attempt(() => api('POST', '/v1/feedback',
      {request_id: requestId, memory_id: hit.id, verdict}));
    if (r) notice(t('feedback_done'));
  }}, t(verdict));
  const head = h('div', {class: 'row'}, memLink(hit.id), badge(hit.state || statusOf(hit)),
    h('span', {class: 'small muted'}, t('score') + ' ' + fmtNum(hit.score, 4)),
    hit.superseded_by ? h('span', {class: 'small'}, t('superseded_by') + ' ',
      memLink(hit.superseded_by)) : null,
    h('span', {class: 'small muted'}, t('age') + ' ' + fmtNum(ex.age_hours, 1) + ' h'));
  return h('article', {class: 'card hit', 'data-id': hit.id, 'aria-label': '#' + hit.id},
    head, h('p', {class: 'content'}, hit.content),
    h('div', {class: 'explain'},
      h('div', {}, h('h4', {}, t('channels')), h('div', {class: 'bars'},
        ch.map(([name, v]) => bar(name + ' #' + v.rank, v.score, maxima[name] || 1, '',
          fmtNum(v.score)))),
      typeof hit.relevance === 'number' ? h('div', {class: 'bars'},
        bar(t('relevance'), hit.relevance, 1, 'c')) : null),
      h('div', {}, h('h4', {}, t('factors')), h('div', {class: 'bars'},
        bar('rrf', ex.rrf, maxima.rrf || 1, 'f'), bar('decay', ex.decay, 1, 'f'),
        bar('confidence', ex.confidence, 1, 'f'), bar('time', ex.time, Math.max(1, ex.time), 'f'),
        bar('rerank', ex.rerank, Math.max(1, ex.rerank), 'f'),
        bar('context', ex.context, Math.max(maxima.context || 0, 1e-9), 'f'))),
      h('div', {}, h('h4', {}, t('fingerprint')), h('div', {class: 'bars'},
        ['temporal', 'entity', 'event_type', 'source', 'consistency', 'overall']
          .map((k) => bar(k, c[k], 1, 'c'))))),
    h('div', {class: 'row'}, h('span', {class: 'small muted'}, t('edit_fb') + ':'),
      fb('used'), fb('wrong'), fb('outdated')));
}

async function viewSearch(main, params) {
  const f = Object.fromEntries(params);
  const query = h('input', {name: 'q', value: f.q || '', type: 'search', required: true,
    size: 40});
  const limit = h('input', {name: 'limit', type: 'number', min: 1, max: 100,
    value: f.limit || 10});
  const session = h('input', {name: 'session', value: f.session || ''});
  const hist = h('input', {name: 'history', type: 'checkbox', checked: f.history === '1'});
  const deep = h('input', {name: 'deep', type: 'checkbox', checked: f.deep === '1'});
  const form = h('form', {class: 'filters card', role: 'search', onsubmit: (ev) => {
    ev.preventDefault();
    const q = new URLSearchParams({q: query.value, limit: limit.value});
    if (session.value) q.set('session', session.value);
    if (hist.checked) q.set('history', '1');
    if (deep.checked) q.set('deep', '1');
    location.hash = '#/search?' + q;
  }}, field(t('query'), query), field(t('limit'), limit), field(t('session'), session),
  field(t('history'), hist, 'check'), field(t('deep'), deep, 'check'),
  h('button', {type: 'submit', id: 'search-go'}, t('go')));
  main.append(h('h2', {}, t('search')), form);
  query.focus();
  if (!f.q) return;
  const body = {query: f.q, limit: Number(f.limit || 10), include_history: f.history === '1',
    deep: f.deep === '1'};
  if (f.session) body.session = f.session;
  const res = await attempt(() => api('POST', '/v1/search', body));
  if (!res) return;
  const maxima = {rrf: 0, context: 0};
  for (const hit of res.results) {
    for (const [name, v] of Object.entries(hit.channels || {})) {
      maxima[name] = Math.max(maxima[name] || 0, v.score);
    }
    maxima.rrf = Math.max(maxima.rrf, hit.explanation.rrf);
    maxima.context = Math.max(maxima.context, hit.explanation.context);
    state.lastRecall[hit.id] = res.request_id;
  }
  main.append(h('h3', {}, t('results') + ' (' + res.results.length + ')'),
    h('div', {id: 'hits'}, res.results.length ?
      res.results.map((hit) => hitCard(hit, maxima, res.request_id)) :
      h('p', {class: 'muted'}, t('none'))),
    h('h3', {}, t('context')), contextBlock(f));
}

// The agent's block for the same query, on request only: a context call is itself a recall
// (audited, and counted in the hit-rate and repeated-question metrics).
function contextBlock(f) {
  const out = h('pre', {id: 'context-block', hidden: true});
  const btn = h('button', {class: 'secondary', id: 'context-go', onclick: async () => {
    const r = await attempt(() => api('POST', '/v1/context',
      {query: f.q, session: f.session || undefined}));
    if (!r) return;
    out.textContent = r.text || t('none');
    out.hidden = false;
    btn.hidden = true;
  }}, t('context_go'));
  return h('div', {}, btn, out);
}

const READS = new Set(['get', 'list', 'history', 'recall', 'context', 'reveal', 'metrics']);

// Why version v exists: the first write record naming it (records are oldest first).
function versionCause(v, audit) {
  if (v.version === 1 && !v.supersedes) return t('first_version');
  const rec = audit.find((r) => !READS.has(r.action) && (r.targets || []).includes(v.id));
  if (rec && rec.action === 'correct') return t('correction');
  if (rec && rec.action === 'feedback') return t('feedback_fix');
  return t('newer');
}

// The audit records the caller may list, oldest first, up to `pages` pages of 1000.
async function auditRecords(pages) {
  let out = [];
  for (let i = 0, after = 0; i < pages; ++i) {
    const page = await api('GET', '/v1/audit?limit=1000&after=' + after);
    out = out.concat(page.records);
    if (page.records.length < 1000) return {records: out, complete: true};
    after = page.records[page.records.length - 1].seq;
  }
  return {records: out, complete: false};
}

async function viewMemory(main, id) {
  const m = await attempt(() => api('GET', '/v1/memories/' + id));
  if (!m) return;
  const [hist, links, ents, audit] = await Promise.all([
    api('GET', '/v1/memories/' + id + '/history').catch(() => ({versions: [m]})),
    api('GET', '/v1/memories/' + id + '/links').catch(() => ({links: []})),
    api('GET', '/v1/memories/' + id + '/entities').catch(() => ({entities: []})),
    auditRecords(3).catch(() => ({records: []})),
  ]);
  const st = statusOf(m);
  const kv = (pairs) => h('dl', {class: 'kv'},
    pairs.filter((p) => p[1] !== '' && p[1] !== null && p[1] !== undefined)
      .map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]));
  const scope = m.scope.visibility + (m.scope.team ? ' · ' + m.scope.team : '') + ' · ' +
    m.scope.user + (m.scope.agent ? ' / ' + m.scope.agent : '');
  main.append(h('h2', {}, t('memory') + ' #' + m.id + ' ', badge(st)),
    h('div', {class: 'card'}, h('p', {class: 'content', id: 'memory-content'}, m.content),
      h('div', {class: 'grid2'},
        kv([[t('type'), m.type + ' / ' + m.kind], [t('version'), 'v' + m.version],
          [t('scope'), scope],
          [t('subject'), m.attribute ? m.subject + ' · ' + m.attribute + ' = ' + m.value : ''],
          [t('event_time'), m.time ? fmtTime(m.time.from) + ' – ' + fmtTime(m.time.to) : ''],
          [t('valid'), fmtTime(m.valid_from) + (m.valid_to ? ' – ' + fmtTime(m.valid_to) : '')],
          [t('recorded'), fmtTime(m.recorded_at)], [t('reinforced'), String(m.reinforced)],
          [t('last_seen'), fmtTime(m.last_seen)], [t('ttl'), fmtTime(m.expires_at)],
          [t('dormancy'), m.status === 'dormant' ? t('yes') : t('no')],
          [t('metadata'), Object.keys(m.metadata || {}).length ?
            JSON.stringify(m.metadata) : '']]),
        h('div', {}, h('h4', {class: 'small muted'}, t('fingerprint')), h('div', {class: 'bars'},
          Object.entries(m.confidence).map(([k, v]) => bar(k, v, 1, 'c')))))));
  main.append(memoryActions(m));
  const versions = hist.versions || [];
  main.append(h('h3', {}, t('versions') + ' (' + versions.length + ')'),
    h('ol', {class: 'timeline', id: 'timeline'}, versions.map((v) =>
      h('li', {class: v.current ? 'now' : '', 'data-id': v.id},
        h('div', {class: 'row'}, h('b', {}, 'v' + v.version), memLink(v.id), badge(statusOf(v)),
          h('span', {class: 'small muted'}, fmtTime(v.recorded_at) + ' · ' + t('by') + ' ' +
            (v.source.actor || v.scope.user) + ' · ' + t('why') + ': ' +
            versionCause(v, audit.records || [])),
          v.superseded_at ? h('span', {class: 'small muted'},
            t('superseded_at') + ' ' + fmtTime(v.superseded_at)) : null),
        h('div', {class: 'content'}, v.content)))));
  const src = m.source || {};
  main.append(h('h3', {}, t('source')), h('div', {class: 'card', id: 'source'},
    kv([['message', src.message_id ? '#' + src.message_id : ''], ['source', src.source_type],
      [t('actor'), src.actor]]),
    await sourceMessage(src.message_id)));
  const es = ents.entities || [];
  main.append(h('h3', {}, t('entities') + ' (' + es.length + ')'), es.length ?
    h('ul', {id: 'memory-entities'}, es.map((e) => h('li', {},
      h('a', {href: '#/entities/' + e.entity_id}, e.name), ' ',
      h('span', {class: 'small muted'}, e.type + (e.surface && e.surface !== e.name ?
        ' · “' + e.surface + '”' : '') + ' · ' + fmtNum(e.confidence, 2))))) :
    h('p', {class: 'muted'}, t('none')));
  const ls = links.links || [];
  main.append(h('h3', {}, t('links') + ' (' + ls.length + ')'), ls.length ? h('ul', {},
    ls.map((l) => h('li', {}, memLink(l.from_id), ' ' + l.kind + ' ', memLink(l.to_id)))) :
    h('p', {class: 'muted'}, t('none')));
}

// The message the memory came from (GET /v1/messages/{id}): its text as stored (identifiers
// masked as in the memory), role, session and time. Only its writer may read it.
async function sourceMessage(id) {
  if (!id) return null;
  const msg = await api('GET', '/v1/messages/' + id).catch(() => null);
  if (!msg) return h('p', {class: 'muted small'}, t('no_source'));
  return h('div', {}, h('p', {class: 'small muted'}, [t('role') + ': ' + msg.role,
    t('session') + ': ' + (msg.session_id || '–'), t('at') + ': ' + fmtTime(msg.at)].join(' · ')),
  h('blockquote', {id: 'source-message'}, msg.content));
}

function memoryActions(m) {
  const box = h('div', {class: 'card', id: 'actions'});
  const text = h('textarea', {rows: 2, cols: 60, name: 'text'}, m.content);
  const correctForm = h('form', {id: 'correct-form', hidden: true, onsubmit: async (ev) => {
    ev.preventDefault();
    const r = await attempt(() => api('PATCH', '/v1/memories/' + m.id, {text: text.value}));
    if (r) { state.flash = t('corrected'); location.hash = '#/memory/' + r.id; }
  }}, field(t('correct_text'), text), h('button', {type: 'submit', id: 'correct-save'}, t('save')));
  const confirmBox = h('div', {class: 'confirm', hidden: true, role: 'group'});
  const askForget = (hard) => {
    confirmBox.replaceChildren(h('p', {}, t(hard ? 'confirm_hard' : 'confirm_soft')),
      h('div', {class: 'row'},
        h('button', {class: 'danger', id: 'confirm-forget', onclick: async () => {
          const r = await attempt(() => api('DELETE', '/v1/memories/' + m.id +
            (hard ? '?hard=true' : '')));
          if (r) { state.flash = t('forgotten'); location.hash = '#/memories'; }
        }}, t('confirm')),
        h('button', {class: 'secondary', onclick: () => { confirmBox.hidden = true; }},
          t('cancel'))));
    confirmBox.hidden = false;
    confirmBox.querySelector('button').focus();
  };
  const rid = state.lastRecall[m.id];
  const fb = (verdict) => h('button', {class: 'secondary', disabled: !rid, onclick: async () => {
    const r = await attempt(() => api('POST', '/v1/feedback',
      {request_id: rid, memory_id: m.id, verdict}));
    if (r) notice(t('feedback_done'));
  }}, t(verdict));
  box.append(h('div', {class: 'row'},
    h('button', {id: 'correct', 'aria-expanded': 'false', disabled: !m.current,
      onclick: (ev) => {
        correctForm.hidden = !correctForm.hidden;
        ev.target.setAttribute('aria-expanded', String(!correctForm.hidden));
        if (!correctForm.hidden) text.focus();
      }}, t('correct')),
    h('button', {class: 'danger', id: 'forget-soft', onclick: () => askForget(false)},
      t('forget_soft')),
    h('button', {class: 'danger', id: 'forget-hard', onclick: () => askForget(true)},
      t('forget_hard')),
    h('span', {class: 'small muted'}, t('edit_fb') + ':'), fb('used'), fb('wrong'),
    fb('outdated')), rid ? null : h('p', {class: 'small muted'}, t('only_search')),
  correctForm, confirmBox);
  return box;
}

async function viewReview(main, params) {
  const all = params.get('all') === '1';
  const toggle = h('input', {type: 'checkbox', checked: all, onchange: (ev) => {
    location.hash = '#/review' + (ev.target.checked ? '?all=1' : '');
  }});
  main.append(h('h2', {}, t('review')), field(t('all_items'), toggle, 'check'));
  const res = await attempt(() => api('GET', '/v1/review?limit=200' + (all ? '&all=1' : '')));
  if (!res) return;
  if (!res.items.length) { main.append(h('p', {class: 'muted'}, t('none'))); return; }
  const resolve = (item, resolution) => h('button', {class: resolution === 'reject' ?
    'danger' : '', 'data-action': resolution, onclick: async () => {
    const r = await attempt(() => api('POST', '/v1/review/' + item.id + '/resolve',
      {resolution}));
    if (r) { notice('#' + item.id + ' ' + t(resolution)); render(); }
  }}, t(resolution));
  main.append(h('div', {id: 'review-items'}, res.items.map((item) =>
    h('article', {class: 'card', 'data-id': item.id, 'aria-label': item.kind + ' #' + item.id},
      h('div', {class: 'row'}, h('b', {}, '#' + item.id), badge(item.kind),
        item.memory_id ? memLink(item.memory_id) : null,
        h('span', {class: 'small muted'}, t('created') + ' ' + fmtTime(item.created_at) + ' · ' +
          item.user),
        item.resolution ? badge(item.resolution) : null),
      h('p', {}, h('span', {class: 'muted'}, t('reason') + ': '), item.reason),
      Object.keys(item.payload || {}).length ?
        h('details', {}, h('summary', {}, t('payload')),
          h('pre', {}, JSON.stringify(item.payload, null, 2))) : null,
      item.resolved_at ? null : h('div', {class: 'row'}, resolve(item, 'approve'),
        resolve(item, 'reject'))))));
}

function relationGraph(rel) {
  const W = 640, H = 300, cx = W / 2, cy = H / 2;
  const rs = rel.relations.slice(0, 18);
  const svg = h('svg', {viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img',
    'aria-label': t('relations') + ': ' + rel.entity.name});
  const groups = {outgoing: [], incoming: [], mutual: []};
  for (const r of rs) (groups[r.direction] || groups.mutual).push(r);
  const place = (list, x0, x1) => list.forEach((r, i) => {
    const y = 30 + (i + 0.5) * (H - 60) / list.length;
    const x = list === groups.mutual ? x0 + (i + 0.5) * (x1 - x0) / list.length : x0;
    const yy = list === groups.mutual ? H - 24 : y;
    const name = r.object && r.object.id ? r.object.name : r.value;
    svg.append(h('line', {class: 'edge', x1: cx, y1: cy, x2: x, y2: yy}),
      h('text', {x: (cx + x) / 2, y: (cy + yy) / 2 - 3, 'text-anchor': 'middle'},
        r.predicate),
      h('circle', {class: 'node', cx: x, cy: yy, r: 6}),
      h('text', {x: x + (x < cx ? -9 : 9), y: yy + 4, 'text-anchor': x < cx ? 'end' : 'start'},
        name));
  });
  place(groups.outgoing, W - 130, 0);
  place(groups.incoming, 130, 0);
  place(groups.mutual, 60, W - 60);
  svg.append(h('circle', {class: 'node center', cx, cy, r: 9}),
    h('text', {x: cx, y: cy - 14, 'text-anchor': 'middle'}, rel.entity.name));
  return svg;
}

async function viewEntities(main, params, id) {
  const q = h('input', {name: 'q', type: 'search', value: params.get('q') || ''});
  main.append(h('h2', {}, t('entities')), h('form', {class: 'filters card', role: 'search',
    onsubmit: (ev) => { ev.preventDefault(); location.hash = '#/entities?q=' +
      encodeURIComponent(q.value); }}, field(t('entity_q'), q),
  h('button', {type: 'submit'}, t('go'))));
  const list = await attempt(() => api('GET', '/v1/entities?limit=100&q=' +
    encodeURIComponent(params.get('q') || '')));
  if (!list) return;
  const wrap = h('div', {class: 'grid2'});
  wrap.append(h('ul', {id: 'entity-list'}, list.entities.map((e) => h('li', {},
    h('a', {href: '#/entities/' + e.id + (params.get('q') ? '?q=' + params.get('q') : '')},
      e.name), ' ', h('span', {class: 'badge'}, e.type),
    e.aliases && e.aliases.length ? h('span', {class: 'small muted'}, ' ' + e.aliases.join(', ')) :
      null))));
  main.append(list.entities.length ? wrap : h('p', {class: 'muted'}, t('none')));
  if (!id) return;
  const rel = await attempt(() => api('GET', '/v1/entities/' + id + '/relations?limit=50'));
  if (!rel) return;
  const ids = new Set();
  for (const r of rel.relations) for (const m of r.memory_ids) ids.add(m);
  wrap.append(h('div', {}, h('h3', {}, rel.entity.name + ' · ' + t('relations')),
    relationGraph(rel), h('ul', {}, rel.relations.map((r) => h('li', {},
      h('span', {class: 'badge'}, t(r.direction)), ' ' + r.predicate + ' ',
      r.object && r.object.id ? h('a', {href: '#/entities/' + r.object.id}, r.object.name) :
        r.value, ' ', r.memory_ids.slice(0, 5).map((m) => [memLink(m), ' '])))),
    h('h3', {}, t('its_memories')), h('p', {}, [...ids].slice(0, 40).map((m) =>
      [memLink(m), ' ']))));
}

const COLORS = ['#7b9ce6', '#e3a25b', '#6bb48a', '#c97bd1', '#d66b6b', '#8fb8c9', '#b5a06b'];

// Bars per bucket of the server's series (GET /v1/metrics/memory?bucket=day), oldest left;
// `layers` ([name, value of a bucket]) stack within a bar; `fmt` writes a value.
function seriesChart(id, label, buckets, layers, fmt) {
  const W = 640, H = 140, n = buckets.length;
  const max = Math.max(0, ...buckets.map((b) => layers.reduce((s, [, f]) => s + f(b), 0))) || 1;
  const step = (W - 40) / Math.max(1, n), bw = Math.max(2, Math.min(40, step - 3));
  const legend = layers.length > 1;
  const svg = h('svg', {viewBox: `0 0 ${W} ${H + (legend ? 40 : 20)}`, class: 'chart', id,
    role: 'img', 'aria-label': label + ', max ' + fmt(max)});
  svg.append(h('text', {x: 2, y: 12}, fmt(max)));
  buckets.forEach((b, i) => {
    let y = H;
    const x = 30 + i * step, day = b.to.slice(0, 10);
    layers.forEach(([name, f], j) => {
      const v = f(b);
      if (!v) return;
      const hgt = v / max * (H - 20);
      y -= hgt;
      svg.append(h('rect', {x, y, width: bw, height: hgt, fill: COLORS[j % COLORS.length]},
        h('title', {}, day + ' ' + (legend ? name + ': ' : '') + fmt(v))));
    });
    if (n <= 14 || (n - 1 - i) % 7 === 0) {
      svg.append(h('text', {x: x + bw / 2, y: H + 14, 'text-anchor': 'middle'}, day.slice(5)));
    }
  });
  let lx = 30;
  if (legend) {
    layers.forEach(([name], j) => {
      svg.append(h('rect', {x: lx, y: H + 24, width: 10, height: 10,
        fill: COLORS[j % COLORS.length]}), h('text', {x: lx + 14, y: H + 33}, name));
      lx += 18 + name.length * 7;
    });
  }
  return h('div', {}, h('h4', {class: 'small muted'}, label), svg);
}

// The per-day charts of a metrics answer with a series.
function seriesCharts(series) {
  const pct = (x) => (100 * x).toFixed(0) + '%';
  const num = (x) => String(Math.round(x));
  const signals = [...new Set(series.flatMap((b) => Object.keys(b.writes_by_signal || {})))]
    .sort();
  return h('div', {class: 'grid2', id: 'series'},
    seriesChart('chart-recalls', t('recalls'), series, [['', (b) => b.recalls]], num),
    seriesChart('chart-hit', t('hit_rate'), series, [['', (b) => b.hit_rate]], pct),
    seriesChart('chart-repeat', t('repeat_rate'), series,
      [['', (b) => b.repeated_question_rate]], pct),
    seriesChart('chart-reload', t('reload_rate'), series,
      [['', (b) => b.context_reload_rate]], pct),
    seriesChart('chart-writes', t('writes'), series,
      signals.map((k) => [k, (b) => (b.writes_by_signal || {})[k] || 0]), num),
    seriesChart('chart-review', t('review_open'), series, [['', (b) => b.review_open]], num),
    seriesChart('chart-quarantined', t('quarantined'), series,
      [['', (b) => b.quarantined]], num));
}

async function viewAudit(main, params) {
  const windowDays = params.get('window') || '30';
  const by = select('by', ['user', 'team', 'agent'], params.get('by') || 'user');
  const who = h('input', {name: 'id', value: params.get('id') || '', size: 12});
  const pick = () => {
    const q = new URLSearchParams({window: win.value, by: by.value});
    if (who.value) q.set('id', who.value);
    location.hash = '#/audit?' + q;
  };
  const verifyOut = h('p', {id: 'verify-result', role: 'status'});
  const win = select('window', ['1', '7', '30', '90', '365'], windowDays);
  win.addEventListener('change', pick);
  by.addEventListener('change', pick);
  who.addEventListener('change', pick);
  main.append(h('h2', {}, t('audit')), h('div', {class: 'row card'},
    h('button', {id: 'verify', onclick: async () => {
      const r = await attempt(() => api('GET', '/v1/audit/verify'));
      if (r) {
        verifyOut.textContent = r.intact ? t('intact', {n: r.records}) :
          t('broken', {s: r.first_bad_seq, n: r.records});
      }
    }}, t('verify')), verifyOut, field(t('window'), win), field(t('by_what'), by),
  field(t('by_id'), who)));
  const [metrics, stats, audit] = await Promise.all([
    api('GET', '/v1/metrics/memory?' + new URLSearchParams({window_days: windowDays,
      by: by.value, ...(who.value ? {id: who.value} : {}),
      ...(Number(windowDays) <= 90 ? {bucket: 'day'} : {})})).catch((e) => { showError(e); }),
    api('GET', '/v1/stats').catch(() => null),
    attempt(() => auditRecords(10)),
  ]);
  if (metrics) {
    const pct = (x) => (100 * x).toFixed(1) + '%';
    const cell = (label, v) => h('div', {class: 'metric'}, h('span', {class: 'small muted'},
      label), h('b', {}, v));
    const sig = Object.entries(metrics.writes_by_signal || {});
    const sigMax = Math.max(1, ...sig.map((s) => s[1]));
    main.append(h('div', {class: 'metrics', id: 'metrics'},
      cell(t('recalls'), String(metrics.recalls)), cell(t('hit_rate'), pct(metrics.hit_rate)),
      cell(t('repeat_rate'), pct(metrics.repeated_question_rate)),
      cell(t('reload_rate'), pct(metrics.context_reload_rate)),
      cell(t('review_open'), String(metrics.review_open)),
      cell(t('quarantined'), String(metrics.quarantined)),
      stats ? cell(t('memories'), String(stats.memories.current)) : null),
    h('h3', {}, t('writes')), sig.length ? h('div', {class: 'bars card'},
      sig.map(([k, n]) => bar(k, n, sigMax, '', String(n)))) :
      h('p', {class: 'muted'}, t('none')),
    h('h3', {}, t('per_day')), metrics.series ? seriesCharts(metrics.series) :
      h('p', {class: 'muted'}, t('no_series')));
  }
  if (!audit) return;
  const recs = audit.records;
  main.append(h('h3', {}, t('audit') + ' (' + recs.length + ')'),
    h('table', {class: 'list', id: 'audit-table'}, h('thead', {}, h('tr', {},
      [t('seq'), t('at'), t('actor'), t('action'), t('targets')].map((x) =>
        h('th', {scope: 'col'}, x)))),
    h('tbody', {}, recs.slice(-200).reverse().map((r) => h('tr', {},
      h('td', {'data-label': t('seq')}, String(r.seq)),
      h('td', {'data-label': t('at'), class: 'small'}, fmtTime(r.at)),
      h('td', {'data-label': t('actor')}, r.actor.user + (r.actor.agent ? '/' +
        r.actor.agent : '')),
      h('td', {'data-label': t('action')}, r.action),
      h('td', {'data-label': t('targets')}, (r.targets || []).slice(0, 8).map((x) =>
        [memLink(x), ' '])))))));
}

// ---------------------------------------------------------------------------------- shell

const VIEWS = [['memories', viewMemories], ['search', viewSearch], ['review', viewReview],
  ['entities', viewEntities], ['audit', viewAudit]];

async function render() {
  document.documentElement.lang = state.lang === 'zh' ? 'zh-CN' : 'en';
  document.getElementById('lang').value = state.lang;
  document.getElementById('lang-label').textContent = state.lang === 'zh' ? '语言' : 'Language';
  const logout = document.getElementById('logout');
  logout.textContent = t('signout');
  // Each render fills its own container, so a slower earlier render never writes here.
  const main = h('div', {class: 'view'});
  const root = document.getElementById('main');
  root.replaceChildren(main);
  const nav = document.getElementById('nav');
  nav.replaceChildren();
  const a = state.auth;
  logout.hidden = !a;
  document.getElementById('who').textContent = a ? (a.key ? a.key.slice(0, 19) + '…' :
    a.user + (a.roles.length ? ' (' + a.roles.join(',') + ')' : '')) : '';
  if (!a) {
    viewLogin(main);
    root.dataset.view = 'login';
    root.setAttribute('aria-busy', 'false');
    return;
  }
  const [path, query] = (location.hash.slice(1) || '/memories').split('?');
  const parts = path.split('/').filter(Boolean);
  const params = new URLSearchParams(query || '');
  const current = parts[0] === 'memory' ? 'memories' : parts[0];
  for (const [name] of VIEWS) {
    nav.append(h('a', {href: '#/' + name, 'aria-current': name === current ? 'page' : null},
      t(name)));
  }
  document.title = t(current) + ' · Engram';
  root.setAttribute('aria-busy', 'true');
  if (parts[0] === 'memory') await viewMemory(main, parts[1]);
  else if (parts[0] === 'entities') await viewEntities(main, params, parts[1]);
  else await (VIEWS.find((v) => v[0] === parts[0]) || VIEWS[0])[1](main, params);
  if (root.firstChild !== main) return;
  root.setAttribute('aria-busy', 'false');
  root.dataset.view = parts[0] || 'memories';
}

document.addEventListener('DOMContentLoaded', () => {
  document.getElementById('lang').addEventListener('change', (ev) => {
    state.lang = ev.target.value;
    localStorage.setItem('engram.lang', state.lang);
    render();
  });
  document.getElementById('logout').addEventListener('click', () => {
    sessionStorage.removeItem(STORE);
    state.auth = null;
    showError(null);
    notice('');
    location.hash = '';
    render();
  });
  window.addEventListener('hashchange', () => {
    showError(null);
    notice(state.flash || '');  // a message an action left for the view it moved to
    state.flash = null;
    render();
  });
  render();
});
