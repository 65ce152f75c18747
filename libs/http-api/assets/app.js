// The visualize page: clusters as a zoomable circle pack (d3), drill-down to entities and their content,
// search, and a link graph (cytoscape). Data comes from GET <base>/graph?t=<token>; no API key is used.
// Everything user-supplied is inserted as text (never as HTML) and only http(s) URLs become links.
(function () {
  'use strict';
  const d3 = window.d3;
  const cytoscape = window.cytoscape;
  const $ = (sel) => document.querySelector(sel);
  /** Most nodes drawn in the link graph; the most connected are kept. */
  const GRAPH_MAX = 600;
  const reducedMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  const state = {
    data: null,
    nodes: new Map(),
    clusters: new Map(),
    parentsOf: new Map(),
    childrenOf: new Map(),
    filter: '*',
    root: null,
    focus: null,
    selected: null,
    view: 'clusters',
    cy: null,
    searchIndex: [],
    zoomTo: null,
    packSize: [0, 0],
  };

  const el = (tag, props, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v === undefined || v === null) continue;
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k.startsWith('data-')) e.setAttribute(k, v);
      else if (k === 'on') for (const [ev, fn] of Object.entries(v)) e.addEventListener(ev, fn);
      else e[k] = v;
    }
    for (const kid of kids) if (kid !== null && kid !== undefined && kid !== false) e.append(kid);
    return e;
  };
  const safeUrl = (u) => (typeof u === 'string' && /^https?:\/\//i.test(u) ? u : null);
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many || one + 's'}`;
  const short = (s, n) => (s.length > n ? s.slice(0, n - 1) + '…' : s);

  // ---------------------------------------------------------------- loading

  async function main() {
    const token = new window.URLSearchParams(window.location.search).get('t') || '';
    if (!token) return fail({ code: 'token_missing', error: 'This page needs a session token.' });
    let res;
    try {
      res = await fetch(`${document.body.dataset.graphUrl}?t=${encodeURIComponent(token)}`, { headers: { accept: 'application/json' }, credentials: 'omit', cache: 'no-store' });
    } catch (e) {
      return fail({ code: 'network', error: `Could not reach the server (${e.message}).` });
    }
    const body = await res.json().catch(() => null);
    if (!res.ok || !body) return fail(body || { code: `http_${res.status}`, error: `The server answered ${res.status}.` });
    load(body);
  }

  function fail(err) {
    const box = $('#error');
    const hint = {
      token_missing: 'Open the url returned by GET /v1/visualize (it carries ?t=…).',
      token_expired: 'This link has expired. Ask for a new one with GET /v1/visualize and your API key.',
      token_invalid: 'This link is not valid. Ask for a new one with GET /v1/visualize and your API key.',
      workspace_mismatch: 'This link belongs to another workspace.',
    }[err.code];
    box.replaceChildren(el('strong', { text: err.error || 'Something went wrong.' }), ' ', hint ? el('span', { text: hint }) : null, ' ', el('code', { text: err.code || '' }));
    box.hidden = false;
    $('#stats').textContent = '';
    document.body.dataset.state = 'error';
    document.body.dataset.errorCode = err.code || '';
  }

  function load(data) {
    state.data = data;
    for (const n of data.nodes) state.nodes.set(n.id, n);
    for (const e of data.edges) {
      let list = state.parentsOf.get(e.target);
      if (!list) state.parentsOf.set(e.target, (list = []));
      list.push(e.source);
      let kids = state.childrenOf.get(e.source);
      if (!kids) state.childrenOf.set(e.source, (kids = []));
      kids.push(e.target);
    }
    const clusters = data.hierarchy.children || [];
    clusters.forEach((c, i) => state.clusters.set(c.id, { ...c, index: i }));
    const s = data.hierarchy.stats || {};
    $('#stats').textContent = `${plural(s.entities ?? 0, 'entity', 'entities')} · ${plural(s.content ?? 0, 'content item')} · ${plural(s.links ?? 0, 'link')} · ${plural(s.clusters ?? 0, 'cluster')}`;
    showWarnings(data.warnings || []);
    buildTypeFilter(clusters);
    buildSearchIndex();
    renderPack();
    document.body.dataset.state = 'ready';
  }

  function showWarnings(list) {
    const box = $('#warnings');
    if (!list.length) return;
    box.querySelector('summary').textContent = `${plural(list.length, 'note')} about this view (sampling, staleness)`;
    box.querySelector('ul').replaceChildren(...list.map((w) => el('li', { text: w })));
    box.hidden = false;
    if (list.some((w) => w.startsWith('sampled:') || w.startsWith('truncated:'))) box.open = true;
  }

  function buildTypeFilter(clusters) {
    const types = [...new Set(clusters.map((c) => c.type))].sort();
    const sel = $('#type-filter');
    const options = [];
    const nonContent = types.filter((t) => t !== 'content');
    if (nonContent.length && types.includes('content')) options.push(['!content', 'Entities (all but content)']);
    options.push(['*', 'All types']);
    for (const t of types) options.push([t, t]);
    sel.replaceChildren(...options.map(([v, label]) => el('option', { value: v, text: label })));
    state.filter = options[0][0];
    sel.value = state.filter;
    sel.addEventListener('change', () => {
      state.filter = sel.value;
      renderPack();
    });
  }

  const passes = (type) => state.filter === '*' || (state.filter === '!content' ? type !== 'content' : type === state.filter);

  // ---------------------------------------------------------------- clusters (circle pack)

  const palette = d3.schemeTableau10;
  const clusterColor = (id) => {
    const c = state.clusters.get(id);
    if (!c) return '#9aa1a9';
    if (c.unclustered) return '#b9bdc2';
    return palette[c.index % palette.length];
  };

  /** Gives leaves values so that each cluster's area follows its popularity (exact member count). */
  function packData() {
    const clusters = (state.data.hierarchy.children || []).filter((c) => passes(c.type));
    return {
      id: '__root',
      kind: 'workspace',
      name: 'All clusters',
      children: clusters.map((c) => {
        const ents = c.children || [];
        const weights = ents.map((e) => 1 + (e.children ? e.children.length : 0));
        const sum = weights.reduce((a, b) => a + b, 0);
        const pop = Math.max(1, c.popularity || c.size || ents.length);
        const scale = sum ? pop / sum : 0;
        const out = { ...c, cluster: c.id };
        if (!ents.length) return { ...out, children: undefined, value: pop };
        out.children = ents.map((e, i) => {
          const w = weights[i] * scale;
          const kids = e.children || [];
          if (!kids.length) return { ...e, cluster: c.id, children: undefined, value: w };
          return { ...e, cluster: c.id, children: kids.map((k) => ({ ...k, cluster: c.id, children: undefined, value: w / kids.length })) };
        });
        return out;
      }),
    };
  }

  /**
   * Circle pack where each cluster's area is exactly proportional to its popularity: clusters are packed
   * as siblings with radius ∝ √popularity, then each cluster's own entities and content are packed inside
   * it (one d3.pack over the whole tree would size clusters by how well their members happen to pack).
   */
  function layout(data, side) {
    const root = d3.hierarchy(data).sum((d) => d.value || 0).sort((a, b) => b.value - a.value);
    const clusters = root.children || [];
    const pop = (c) => Math.max(1, c.data.popularity || c.data.size || 1);
    const unit = d3.packSiblings(clusters.map((c) => ({ r: Math.sqrt(pop(c)) })));
    const scale = (side / 2 - 8) / d3.packEnclose(unit).r;
    const gap = 6;
    const placed = d3.packSiblings(clusters.map((c) => ({ r: Math.sqrt(pop(c)) * scale + gap / 2 })));
    clusters.forEach((c, i) => {
      const R = placed[i].r - gap / 2;
      // Packed as a root of its own (d3.pack places a node relative to its parent), then re-attached.
      c.parent = null;
      d3.pack().size([2 * R, 2 * R]).padding(3)(c);
      c.parent = root;
      const dx = placed[i].x - R;
      const dy = placed[i].y - R;
      c.each((n) => {
        n.x += dx;
        n.y += dy;
      });
    });
    const outer = d3.packEnclose(placed);
    root.x = outer.x;
    root.y = outer.y;
    root.r = outer.r + 4;
    return root;
  }

  function renderPack() {
    const svg = d3.select('#pack');
    svg.selectAll('*').remove();
    const box = $('#clusters-view').getBoundingClientRect();
    const W = Math.max(320, Math.floor(box.width));
    const H = Math.max(420, Math.floor(box.height));
    state.packSize = [Math.floor(box.width), Math.floor(box.height)];
    svg.attr('viewBox', [-W / 2, -H / 2, W, H]).attr('width', W).attr('height', H);
    const data = packData();
    if (!data.children.length) {
      svg.append('text').attr('y', 0).append('tspan').attr('class', 'name').text('No clusters yet: add entities and content, then reload.');
      state.root = null;
      showPanel(null);
      $('#crumbs').replaceChildren();
      return;
    }
    const root = layout(data, Math.min(W, H));
    state.root = root;
    const all = root.descendants().slice(1);
    const g = svg.append('g');
    const circles = g
      .selectAll('circle')
      .data(all)
      .join('circle')
      .attr('class', (d) => `kind-${d.data.kind} depth-${d.depth}${d.data.unclustered ? ' unclustered' : ''}`)
      .attr('data-id', (d) => d.data.id)
      .attr('data-kind', (d) => (d.depth === 1 ? 'cluster' : d.data.kind))
      .attr('data-depth', (d) => d.depth)
      .attr('fill', (d) => {
        const base = d3.color(clusterColor(d.data.cluster));
        if (d.depth === 1) return base.copy({ opacity: 0.22 }).formatRgb();
        if (d.depth === 2) return base.copy({ opacity: 0.75 }).formatRgb();
        return '#ffffff';
      })
      .on('click', (event, d) => {
        event.stopPropagation();
        select(stepToward(d));
      });
    circles.append('title').text((d) => `${d.data.name}${d.depth === 1 ? ` · ${d.data.size} ${d.data.type}` : ` · ${d.data.type}`}`);
    const labels = g
      .append('g')
      .selectAll('text')
      .data(all)
      .join('text')
      .attr('class', (d) => `kind-${d.depth === 1 ? 'cluster' : d.data.kind}`)
      .attr('data-id', (d) => d.data.id)
      .style('display', 'none');
    svg.on('click', () => {
      if (state.focus && state.focus.parent) select(state.focus.parent);
    });

    let view = [root.x, root.y, root.r * 2];
    const place = (v) => {
      const k = Math.min(W, H) / v[2];
      view = v;
      circles.attr('transform', (d) => `translate(${(d.x - v[0]) * k},${(d.y - v[1]) * k})`).attr('r', (d) => d.r * k);
      return k;
    };
    const showLabels = (k) => {
      const focus = state.focus;
      labels
        .style('display', (d) => (d.parent === focus && d.r * k > 16 ? null : 'none'))
        .filter((d) => d.parent === focus && d.r * k > 16)
        .attr('transform', (d) => `translate(${(d.x - view[0]) * k},${(d.y - view[1]) * k})`)
        .each(function (d) {
          const t = d3.select(this);
          t.selectAll('*').remove();
          const max = Math.max(4, Math.floor((d.r * k * 2) / 7.2));
          const meta = d.depth === 1 ? (d.data.type === 'content' ? plural(d.data.size, 'item') : plural(d.data.size, d.data.type)) : d.children ? plural(d.children.length, 'item') : '';
          t.append('tspan').attr('class', 'name').attr('x', 0).attr('dy', meta ? '-0.2em' : '0.35em').text(short(d.data.name, max));
          if (meta && d.r * k > 28) t.append('tspan').attr('class', 'meta').attr('x', 0).attr('dy', '1.3em').text(meta);
        });
    };
    state.zoomTo = (target, animate) => {
      const to = [target.x, target.y, target.r * 2];
      labels.style('display', 'none');
      if (!animate || reducedMotion) return showLabels(place(to));
      const i = d3.interpolateZoom(view, to);
      svg
        .transition()
        .duration(550)
        .tween('zoom', () => (t) => place(i(t)))
        .on('end', () => showLabels(Math.min(W, H) / to[2]));
    };
    state.focus = root;
    state.selected = null;
    state.zoomTo(root, false);
    updateCrumbs();
    showPanel(root);
  }

  /** A click drills one level at a time: to the clicked circle's ancestor just below the current path. */
  function stepToward(d) {
    if (!state.focus) return d;
    const path = new Set(state.focus.ancestors());
    let n = d;
    while (n.parent && !path.has(n.parent)) n = n.parent;
    return n;
  }

  /** Drills into a circle (clusters and entities with content) or selects a leaf inside its parent. */
  function select(d, animate = true) {
    if (!state.root) return;
    const focus = d.children ? d : d.parent || state.root;
    const changed = focus !== state.focus;
    state.focus = focus;
    state.selected = d;
    d3.selectAll('#pack circle').classed('selected', (x) => x === d && !d.children);
    if (changed) state.zoomTo(focus, animate);
    updateCrumbs();
    showPanel(d);
  }

  function updateCrumbs() {
    const nav = $('#crumbs');
    if (!state.focus) return nav.replaceChildren();
    const path = state.focus.ancestors().reverse();
    const parts = [];
    path.forEach((d, i) => {
      if (i) parts.push(el('span', { class: 'sep', text: '›' }));
      parts.push(el('button', { type: 'button', text: short(d.data.name, 40), 'data-id': d.data.id, on: { click: (ev) => (ev.stopPropagation(), select(d)) } }));
    });
    nav.replaceChildren(...parts);
  }

  // ---------------------------------------------------------------- details panel

  function itemRow(item, onClick) {
    const node = state.nodes.get(item.id) || {};
    const url = safeUrl(node.url);
    const name = el('span', { class: 'name', text: item.name || node.label || item.id });
    const row = el(
      'li',
      { 'data-id': item.id, 'data-kind': item.kind, on: { click: onClick } },
      name,
      url ? el('a', { href: url, target: '_blank', rel: 'noopener noreferrer', text: '↗', title: url, on: { click: (e) => e.stopPropagation() } }) : null,
      el('span', { class: 'badge', text: item.kind === 'cluster' ? `${item.size}` : item.type }),
    );
    return row;
  }

  function showPanel(d) {
    const panel = $('#panel');
    panel.dataset.kind = '';
    if (!d) return panel.replaceChildren(el('p', { class: 'meta', text: 'Nothing to show yet.' }));
    const data = d.data;
    const parts = [];
    if (d.depth === 0) {
      panel.dataset.kind = 'workspace';
      parts.push(el('h2', { text: 'Clusters' }));
      parts.push(el('p', { class: 'meta', text: 'Circles are clusters sized by popularity (members). Click one to drill down to its entities, then to their content.' }));
      parts.push(el('h3', { text: plural(d.children.length, 'cluster') }));
      parts.push(el('ul', { id: 'panel-items' }, ...d.children.map((c) => itemRow({ ...c.data, kind: 'cluster' }, () => select(c)))));
    } else if (d.depth === 1) {
      panel.dataset.kind = 'cluster';
      parts.push(el('h2', { text: data.name }));
      parts.push(el('p', { class: 'meta', text: `Cluster of ${data.type} · ${plural(data.size, 'member')}${data.computed_at ? ` · computed ${new Date(data.computed_at).toLocaleString()}` : ''}` }));
      if (data.keywords && data.keywords.length) parts.push(el('div', { class: 'chips' }, ...data.keywords.map((k) => el('span', { class: 'badge', text: k }))));
      const kids = d.children || [];
      parts.push(el('h3', { text: data.type === 'content' ? 'Content' : 'Entities' }));
      const rows = kids.map((c) => itemRow(c.data, () => select(c)));
      if (data.omitted) rows.push(el('li', { class: 'more', text: `+ ${data.omitted} more not drawn` }));
      parts.push(el('ul', { id: 'panel-items' }, ...rows));
    } else {
      const node = state.nodes.get(data.id) || {};
      panel.dataset.kind = data.kind;
      parts.push(el('h2', { text: data.name }));
      parts.push(el('p', { class: 'meta', text: `${data.kind === 'content' ? `content${node.media_type ? ` · ${node.media_type}` : ''}` : data.type} · ${plural(node.popularity ?? data.popularity ?? 0, 'link')}` }));
      const url = safeUrl(node.url);
      if (url) parts.push(el('p', {}, el('a', { class: 'url', href: url, target: '_blank', rel: 'noopener noreferrer', text: url })));
      if (node.description) parts.push(el('p', { class: 'desc', text: node.description }));
      const kids = d.children || [];
      if (kids.length || data.omitted) {
        parts.push(el('h3', { text: 'Linked content' }));
        // Tree nodes drill in place; items listed from the link graph are revealed wherever drawn.
        const rows = kids.map((c) => itemRow(c.data, () => (c.x !== undefined ? select(c) : reveal(c.data.id))));
        if (data.omitted) rows.push(el('li', { class: 'more', text: `+ ${data.omitted} more not drawn` }));
        parts.push(el('ul', { id: 'panel-items' }, ...rows));
      }
      const parents = (state.parentsOf.get(data.id) || []).map((id) => state.nodes.get(id)).filter(Boolean);
      if (parents.length) {
        parts.push(el('h3', { text: 'Linked from' }));
        parts.push(el('ul', {}, ...parents.map((p) => itemRow({ id: p.id, name: p.label, kind: p.kind, type: p.type }, () => reveal(p.id)))));
      }
    }
    panel.replaceChildren(...parts);
  }

  function showNodePanel(id) {
    const node = state.nodes.get(id);
    if (!node) return;
    const children = (state.childrenOf.get(id) || [])
      .map((cid) => state.nodes.get(cid))
      .filter(Boolean)
      .map((c) => ({ data: { id: c.id, kind: c.kind, name: c.label, type: c.type } }));
    const fake = { depth: 3, children, data: { id, kind: node.kind, name: node.label, type: node.type, popularity: node.popularity } };
    showPanel(fake);
  }

  // ---------------------------------------------------------------- search

  function buildSearchIndex() {
    const idx = [];
    for (const c of state.clusters.values()) idx.push({ id: c.id, kind: 'cluster', label: c.name, type: c.type, hay: `${c.name} ${(c.keywords || []).join(' ')}`.toLowerCase(), pop: c.size || 0 });
    for (const n of state.nodes.values()) idx.push({ id: n.id, kind: n.kind, label: n.label, type: n.type, hay: `${n.label} ${n.description || ''} ${n.url || ''}`.toLowerCase(), pop: n.popularity || 0 });
    state.searchIndex = idx;
    const input = $('#search');
    const list = $('#search-results');
    let timer;
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => runSearch(input.value), 120);
    });
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        input.value = '';
        runSearch('');
      } else if (e.key === 'Enter') {
        clearTimeout(timer);
        runSearch(input.value);
        const first = list.querySelector('li[data-id]');
        if (first) first.click();
      }
    });
    document.addEventListener('click', (e) => {
      if (!e.target.closest('.search')) list.hidden = true;
    });
  }

  function runSearch(q) {
    const list = $('#search-results');
    const terms = q.toLowerCase().split(/\s+/).filter(Boolean);
    d3.selectAll('#pack circle').classed('match', false);
    if (!terms.length) {
      list.hidden = true;
      list.replaceChildren();
      return;
    }
    const hits = state.searchIndex
      .filter((x) => terms.every((t) => x.hay.includes(t)))
      .map((x) => ({ x, score: (x.label.toLowerCase().startsWith(terms[0]) ? 2 : 0) + (terms.every((t) => x.label.toLowerCase().includes(t)) ? 1 : 0) + Math.min(1, x.pop / 50) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 20)
      .map((h) => h.x);
    const ids = new Set(hits.map((h) => h.id));
    d3.selectAll('#pack circle').classed('match', (d) => ids.has(d.data.id));
    list.replaceChildren(
      ...(hits.length
        ? hits.map((h) =>
            el(
              'li',
              { 'data-id': h.id, role: 'option', on: { click: () => ((list.hidden = true), reveal(h.id)) } },
              el('span', { class: 'name', text: h.label }),
              el('span', { class: 'badge', text: h.kind === 'cluster' ? `cluster · ${h.type}` : h.type }),
            ),
          )
        : [el('li', { class: 'empty', text: 'No match among the drawn items' })]),
    );
    list.hidden = false;
  }

  /** Shows an item wherever it is drawn: drills to it in the clusters, centres it in the link graph. */
  function reveal(id) {
    if (state.view === 'graph' && state.cy) {
      const n = state.cy.getElementById(id);
      if (n && n.length) {
        state.cy.elements().unselect();
        n.select();
        state.cy.animate({ center: { eles: n }, zoom: Math.max(state.cy.zoom(), 1.2) }, { duration: reducedMotion ? 0 : 300 });
        showNodePanel(id);
        return;
      }
    }
    const find = () => state.root && state.root.descendants().find((d) => d.data.id === id);
    let d = find();
    if (!d && state.filter !== '*') {
      state.filter = '*';
      $('#type-filter').value = '*';
      renderPack();
      d = find();
    }
    if (state.view !== 'clusters') switchView('clusters');
    if (d) select(d);
    else showNodePanel(id);
  }

  // ---------------------------------------------------------------- link graph

  function ensureGraph() {
    if (state.cy) return;
    let nodes = state.data.nodes;
    const note = $('#graph-note');
    if (nodes.length > GRAPH_MAX) {
      nodes = [...nodes].sort((a, b) => b.popularity - a.popularity).slice(0, GRAPH_MAX);
      note.textContent = `Showing the ${GRAPH_MAX} most connected of ${state.data.nodes.length} nodes.`;
      note.hidden = false;
    }
    const keep = new Set(nodes.map((n) => n.id));
    const elements = [
      ...nodes.map((n) => ({ data: { id: n.id, label: short(n.label, 40), kind: n.kind, pop: n.popularity, color: clusterColor(n.cluster_id) } })),
      ...state.data.edges.filter((e) => keep.has(e.source) && keep.has(e.target)).map((e, i) => ({ data: { id: `e${i}`, source: e.source, target: e.target, weight: e.weight } })),
    ];
    const big = nodes.length > 250;
    state.cy = cytoscape({
      container: $('#cy'),
      elements,
      minZoom: 0.05,
      maxZoom: 4,
      style: [
        {
          selector: 'node',
          style: {
            'background-color': 'data(color)',
            width: 'mapData(pop, 0, 30, 14, 46)',
            height: 'mapData(pop, 0, 30, 14, 46)',
            label: 'data(label)',
            'font-size': 10,
            color: '#1f2328',
            'text-valign': 'bottom',
            'text-margin-y': 3,
            'min-zoomed-font-size': 7,
            'text-outline-color': '#ffffff',
            'text-outline-width': 2,
            'border-width': 1,
            'border-color': 'rgba(0,0,0,0.25)',
          },
        },
        { selector: 'node[kind = "content"]', style: { shape: 'round-rectangle', 'background-opacity': 0.85, 'font-size': 8, color: '#5c6470' } },
        { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#3b6fd8' } },
        { selector: 'edge', style: { width: 'mapData(weight, 0, 1, 0.5, 2.5)', 'line-color': '#a7adb4', 'curve-style': 'haystack', opacity: 0.7 } },
      ],
      layout: big ? { name: 'concentric', concentric: (n) => n.data('pop'), levelWidth: () => 3, animate: false, minNodeSpacing: 6 } : { name: 'cose', animate: false, randomize: false, nodeRepulsion: () => 9000, idealEdgeLength: () => 60, numIter: 800 },
    });
    state.cy.on('tap', 'node', (evt) => showNodePanel(evt.target.id()));
    window.__tgGraph = state.cy;
  }

  function switchView(view) {
    state.view = view;
    $('#tab-clusters').setAttribute('aria-pressed', String(view === 'clusters'));
    $('#tab-graph').setAttribute('aria-pressed', String(view === 'graph'));
    $('#clusters-view').hidden = view !== 'clusters';
    $('#graph-view').hidden = view !== 'graph';
    document.body.dataset.view = view;
    if (view === 'graph') {
      ensureGraph();
      state.cy.resize();
      state.cy.fit(undefined, 24);
    } else {
      const box = $('#clusters-view').getBoundingClientRect();
      if (state.root && (Math.floor(box.width) !== state.packSize[0] || Math.floor(box.height) !== state.packSize[1])) renderPack();
    }
  }

  $('#tab-clusters').addEventListener('click', () => switchView('clusters'));
  $('#tab-graph').addEventListener('click', () => switchView('graph'));
  let resizeTimer;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (state.data && state.view === 'clusters') renderPack();
      if (state.cy) state.cy.resize();
    }, 150);
  });

  main().catch((e) => fail({ code: 'internal', error: String((e && e.message) || e) }));
})();
