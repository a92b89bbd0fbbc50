/* SGF FF[4] reader, writer and replay (see yomi/go_sgf.h). The parser and the tree walks
 * use explicit stacks, never recursion, so hostile nesting cannot overflow the
 * C stack. */
#include "yomi/go_sgf.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/error.h"
#include "core/file.h"

/* ---- Small growable buffers ---- */

typedef struct {
    char *s;
    size_t n, cap;
    bool oom;
} sbuf;

static bool sb_reserve(sbuf *b, size_t extra) {
    if (b->oom) return false;
    if (b->n + extra + 1 <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->n + extra + 1) {
        if (cap > ((size_t)-1) / 2) {
            b->oom = true;
            return false;
        }
        cap *= 2;
    }
    char *s = realloc(b->s, cap);
    if (!s) {
        b->oom = true;
        return false;
    }
    b->s = s;
    b->cap = cap;
    return true;
}

static void sb_putc(sbuf *b, char c) {
    if (!sb_reserve(b, 1)) return;
    b->s[b->n++] = c;
    b->s[b->n] = '\0';
}

static void sb_puts(sbuf *b, const char *s) {
    size_t k = strlen(s);
    if (!sb_reserve(b, k)) return;
    memcpy(b->s + b->n, s, k);
    b->n += k;
    b->s[b->n] = '\0';
}

/* ---- Tree building ---- */

sgf_node *sgf_node_new(void) {
    sgf_node *n = calloc(1, sizeof *n);
    if (n) n->offset = -1;
    return n;
}

static void free_props(sgf_node *n) {
    for (int i = 0; i < n->nprops; i++) {
        for (int k = 0; k < n->props[i].nvalues; k++) free(n->props[i].values[k]);
        free(n->props[i].values);
    }
    free(n->props);
}

void sgf_node_free(sgf_node *n) {
    if (!n) return;
    /* Worklist threaded through the sibling links of nodes about to be freed. */
    n->sibling = NULL;
    sgf_node *list = n;
    while (list) {
        sgf_node *x = list;
        list = x->sibling;
        for (sgf_node *c = x->child; c;) {
            sgf_node *next = c->sibling;
            c->sibling = list;
            list = c;
            c = next;
        }
        free_props(x);
        free(x);
    }
}

sgf_node *sgf_node_add_child(sgf_node *parent) {
    sgf_node *n = sgf_node_new();
    if (!n) return NULL;
    n->parent = parent;
    if (!parent->child) {
        parent->child = n;
    } else {
        sgf_node *c = parent->child;
        while (c->sibling) c = c->sibling;
        c->sibling = n;
    }
    return n;
}

static bool valid_id(const char *id) {
    size_t k = strlen(id);
    if (k == 0 || k > SGF_MAX_ID) return false;
    for (size_t i = 0; i < k; i++)
        if (id[i] < 'A' || id[i] > 'Z') return false;
    return true;
}

static sgf_prop *find_prop(const sgf_node *n, const char *id) {
    for (int i = 0; i < n->nprops; i++)
        if (strcmp(n->props[i].id, id) == 0) return &n->props[i];
    return NULL;
}

/* Adds a value of len bytes (no NUL inside) to property id; the value is copied. */
static bool add_value(sgf_node *n, const char *id, const char *v, size_t len) {
    sgf_prop *p = find_prop(n, id);
    if (!p) {
        if (n->nprops == n->cap_props) {
            int cap = n->cap_props ? 2 * n->cap_props : 4;
            sgf_prop *ps = realloc(n->props, (size_t)cap * sizeof *ps);
            if (!ps) return false;
            n->props = ps;
            n->cap_props = cap;
        }
        p = &n->props[n->nprops];
        memset(p, 0, sizeof *p);
        memcpy(p->id, id, strlen(id) + 1);
        n->nprops++;
    }
    char *copy = malloc(len + 1);
    if (!copy) return false;
    memcpy(copy, v, len);
    copy[len] = '\0';
    /* Values are appended one at a time; growing by doubling needs the capacity,
     * which is the next power of two at or above nvalues. */
    int nv = p->nvalues;
    if ((nv & (nv - 1)) == 0) {
        int cap = nv ? 2 * nv : 1;
        char **vs = realloc(p->values, (size_t)cap * sizeof *vs);
        if (!vs) {
            free(copy);
            return false;
        }
        p->values = vs;
    }
    p->values[p->nvalues++] = copy;
    return true;
}

bool sgf_node_add(sgf_node *n, const char *id, const char *value) {
    if (!n || !id || !value || !valid_id(id)) return false;
    return add_value(n, id, value, strlen(value));
}

void sgf_node_remove(sgf_node *n, const char *id) {
    sgf_prop *p = find_prop(n, id);
    if (!p) return;
    for (int k = 0; k < p->nvalues; k++) free(p->values[k]);
    free(p->values);
    int i = (int)(p - n->props);
    memmove(&n->props[i], &n->props[i + 1], (size_t)(n->nprops - i - 1) * sizeof *p);
    n->nprops--;
}

sgf_collection *sgf_collection_new(void) { return calloc(1, sizeof(sgf_collection)); }

bool sgf_collection_add(sgf_collection *c, sgf_node *root) {
    if (c->ngames == c->cap_games) {
        int cap = c->cap_games ? 2 * c->cap_games : 4;
        sgf_node **g = realloc(c->games, (size_t)cap * sizeof *g);
        if (!g) return false;
        c->games = g;
        c->cap_games = cap;
    }
    c->games[c->ngames++] = root;
    return true;
}

void sgf_free(sgf_collection *c) {
    if (!c) return;
    for (int i = 0; i < c->ngames; i++) sgf_node_free(c->games[i]);
    free(c->games);
    free(c);
}

/* ---- Queries ---- */

const sgf_prop *sgf_find(const sgf_node *n, const char *id) { return n ? find_prop(n, id) : NULL; }

const char *sgf_get(const sgf_node *n, const char *id) {
    const sgf_prop *p = sgf_find(n, id);
    return p && p->nvalues > 0 ? p->values[0] : NULL;
}

int sgf_nchildren(const sgf_node *n) {
    int k = 0;
    for (const sgf_node *c = n->child; c; c = c->sibling) k++;
    return k;
}

static bool node_equal(const sgf_node *a, const sgf_node *b) {
    if (a->nprops != b->nprops) return false;
    for (int i = 0; i < a->nprops; i++) {
        const sgf_prop *p = &a->props[i], *q = &b->props[i];
        if (strcmp(p->id, q->id) != 0 || p->nvalues != q->nvalues) return false;
        for (int k = 0; k < p->nvalues; k++)
            if (strcmp(p->values[k], q->values[k]) != 0) return false;
    }
    return true;
}

bool sgf_tree_equal(const sgf_node *a, const sgf_node *b) {
    /* Walk both trees in pre-order in lock step without a stack: go to the child,
     * else to the sibling, else climb until an ancestor below the roots has one. */
    const sgf_node *ra = a, *rb = b;
    while (a && b) {
        if (!node_equal(a, b)) return false;
        if ((a->child == NULL) != (b->child == NULL)) return false;
        if (a->child) {
            a = a->child;
            b = b->child;
            continue;
        }
        for (;;) {
            if (a == ra || b == rb) return a == ra && b == rb;
            if ((a->sibling == NULL) != (b->sibling == NULL)) return false;
            if (a->sibling) {
                a = a->sibling;
                b = b->sibling;
                break;
            }
            a = a->parent;
            b = b->parent;
            if (!a || !b) return false;
        }
    }
    return a == b;
}

/* ---- Parsing ---- */

typedef struct {
    const char *s;
    size_t n;
    yomi_error *err;
    long values; /* property values so far (SGF_MAX_VALUES) */
} parser;

/* Fails with "byte N: ..." and the line and column of offset. */
static int perr(const parser *P, size_t off, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int perr(const parser *P, size_t off, const char *fmt, ...) {
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    long line = 1, col = 1;
    for (size_t i = 0; i < off && i < P->n; i++) {
        if (P->s[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    return yomi_fail(P->err, line, col, "byte %zu: %s", off, msg);
}

static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
static bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

/* Shows a byte in a message without control characters. */
static const char *show(char c, char buf[8]) {
    unsigned char u = (unsigned char)c;
    if (u >= 0x21 && u < 0x7f)
        snprintf(buf, 8, "'%c'", c);
    else
        snprintf(buf, 8, "0x%02x", u);
    return buf;
}

/* Parses the properties of one node starting at *i (just after ';'). */
static int parse_props(parser *P, size_t *pi, sgf_node *node, sbuf *val) {
    size_t i = *pi;
    const char *s = P->s;
    size_t n = P->n;
    for (;;) {
        while (i < n && is_space(s[i])) i++;
        if (i >= n || !(is_upper(s[i]) || is_lower(s[i]))) break;
        size_t start = i;
        char id[SGF_MAX_ID + 1];
        int k = 0;
        /* FF[3] identifiers may carry lower-case letters ("AddBlack"): keep capitals. */
        while (i < n && (is_upper(s[i]) || is_lower(s[i]))) {
            if (is_upper(s[i])) {
                if (k == SGF_MAX_ID) return perr(P, start, "property identifier too long");
                id[k++] = s[i];
            }
            i++;
        }
        id[k] = '\0';
        if (k == 0) return perr(P, start, "property identifier without capital letters");
        while (i < n && is_space(s[i])) i++;
        if (i >= n || s[i] != '[') return perr(P, start, "property %s has no value", id);
        while (i < n && s[i] == '[') {
            size_t vstart = i++;
            val->n = 0;
            bool closed = false;
            while (i < n) {
                char c = s[i];
                if (c == ']') {
                    closed = true;
                    i++;
                    break;
                }
                if (c == '\\') {
                    if (i + 1 >= n) break;
                    char d = s[i + 1];
                    if (d == '\n' || d == '\r') {
                        /* Soft line break: "\" + LF, CR, CRLF or LFCR disappears. */
                        i += 2;
                        if (i < n && (s[i] == '\n' || s[i] == '\r') && s[i] != d) i++;
                        continue;
                    }
                    c = d;
                    i++;
                }
                if (c != '\0') sb_putc(val, c);
                i++;
            }
            if (!closed) return perr(P, vstart, "unterminated value of %s (missing ']')", id);
            if (++P->values > SGF_MAX_VALUES)
                return perr(P, vstart, "more than %ld property values (the limit)", SGF_MAX_VALUES);
            if (val->oom || !add_value(node, id, val->n ? val->s : "", val->n))
                return perr(P, vstart, "out of memory");
            while (i < n && is_space(s[i])) i++;
        }
    }
    *pi = i;
    return 0;
}

sgf_collection *sgf_parse(const char *text, size_t len, yomi_error *err) {
    parser P = {text, len, err, 0};
    if (len > (size_t)SGF_MAX_BYTES) {
        yomi_fail(err, 0, 0, "SGF text of %zu bytes is larger than the %ld MiB limit", len,
                  SGF_MAX_BYTES >> 20);
        return NULL;
    }
    sgf_collection *coll = sgf_collection_new();
    sgf_node **stack = NULL; /* node each open '(' continues from (NULL for a game) */
    size_t *opened = NULL; /* byte offset of each open '(' */
    size_t depth = 0, cap = 0;
    sbuf val = {0};
    sgf_node *cur = NULL;
    bool need_node = false, after_var = false;
    long nodes = 0;
    int rc = 0;
    char cb[8];
    if (!coll) {
        yomi_fail(err, 0, 0, "out of memory");
        return NULL;
    }
    size_t i = 0;
    while (i < len && rc == 0) {
        char c = text[i];
        if (is_space(c)) {
            i++;
        } else if (c == '(') {
            if (depth > 0 && need_node) {
                rc = perr(&P, i, "'(' where a node (';') was expected");
                break;
            }
            if (depth == cap) {
                size_t nc = cap ? 2 * cap : 16;
                sgf_node **ns = realloc(stack, nc * sizeof *ns);
                if (ns) stack = ns;
                size_t *no = realloc(opened, nc * sizeof *no);
                if (no) opened = no;
                if (!ns || !no) {
                    rc = perr(&P, i, "out of memory");
                    break;
                }
                cap = nc;
            }
            stack[depth] = depth == 0 ? NULL : cur;
            opened[depth] = i;
            depth++;
            if (depth == 1) cur = NULL;
            need_node = true;
            after_var = false;
            i++;
        } else if (c == ')') {
            if (depth == 0) {
                rc = perr(&P, i, "unbalanced ')'");
                break;
            }
            if (need_node) {
                rc = perr(&P, i, "empty game tree '()'");
                break;
            }
            cur = stack[--depth];
            after_var = depth > 0;
            i++;
        } else if (depth == 0) {
            /* Text outside game trees is ignored, as FF[4] readers commonly do. */
            i++;
        } else if (c == ';') {
            if (after_var) {
                rc = perr(&P, i, "node after variations (a ';' must come before any '(')");
                break;
            }
            if (nodes >= SGF_MAX_NODES) {
                rc = perr(&P, i, "more than %ld nodes (the limit)", SGF_MAX_NODES);
                break;
            }
            sgf_node *node = cur ? sgf_node_add_child(cur) : sgf_node_new();
            if (!node || (!cur && !sgf_collection_add(coll, node))) {
                if (node && !cur) sgf_node_free(node);
                rc = perr(&P, i, "out of memory");
                break;
            }
            node->offset = (long)i;
            node->number = ++nodes;
            cur = node;
            need_node = false;
            i++;
            rc = parse_props(&P, &i, node, &val);
        } else if (c == '[') {
            rc = perr(&P, i, "value without a property identifier");
        } else if (is_upper(c) || is_lower(c)) {
            rc = perr(&P, i, "property outside a node (missing ';')");
        } else {
            rc = perr(&P, i, "unexpected character %s", show(c, cb));
        }
    }
    if (rc == 0 && depth > 0)
        rc = perr(&P, len, "unclosed '(' opened at byte %zu (missing ')')", opened[depth - 1]);
    if (rc == 0 && coll->ngames == 0) rc = perr(&P, len, "no game tree found");
    free(stack);
    free(opened);
    free(val.s);
    if (rc != 0) {
        sgf_free(coll);
        return NULL;
    }
    return coll;
}

sgf_collection *sgf_parse_file(const char *path, yomi_error *err) {
    size_t len = 0;
    char *text = yomi_read_file(path, (size_t)SGF_MAX_BYTES, &len, "an SGF file", "SGF_MAX_BYTES", err);
    if (!text) return NULL;
    sgf_collection *c = sgf_parse(text, len, err);
    free(text);
    return c;
}

/* ---- Coordinates and game information ---- */

go_point sgf_point_parse(const char *v, int size) {
    if (!v) return GO_NO_POINT;
    if (v[0] == '\0') return GO_PASS;
    if (!is_lower(v[0]) || !is_lower(v[1]) || v[2] != '\0') return GO_NO_POINT;
    int col = v[0] - 'a', row = v[1] - 'a';
    if (size <= 19 && col == 19 && row == 19) return GO_PASS;
    if (col >= size || row >= size) return GO_NO_POINT;
    return go_pt(col, row);
}

void sgf_point_format(go_point p, char out[3]) {
    if (p == GO_PASS || p < 0 || p >= GO_MAX_POINTS) {
        out[0] = '\0';
        return;
    }
    out[0] = (char)('a' + go_col(p));
    out[1] = (char)('a' + go_row(p));
    out[2] = '\0';
}

/* Parses a decimal in 1..999 with surrounding blanks; -1 otherwise. */
static int parse_small(const char *s, const char *end) {
    while (s < end && is_space(*s)) s++;
    while (end > s && is_space(end[-1])) end--;
    if (s == end || end - s > 3) return -1;
    int v = 0;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9') return -1;
        v = v * 10 + (*s - '0');
    }
    return v;
}

int sgf_board_size(const sgf_node *root, yomi_error *err) {
    const char *gm = sgf_get(root, "GM");
    if (gm && parse_small(gm, gm + strlen(gm)) != 1)
        return yomi_fail(err, 0, 0, "node 1: GM[%.20s] is not a Go game (GM[1])", gm);
    const char *sz = sgf_get(root, "SZ");
    if (!sz) return 19;
    const char *colon = strchr(sz, ':');
    int w, h;
    if (colon) {
        w = parse_small(sz, colon);
        h = parse_small(colon + 1, colon + strlen(colon));
    } else {
        w = h = parse_small(sz, sz + strlen(sz));
    }
    if (w < 0 || h < 0) return yomi_fail(err, 0, 0, "node 1: bad board size SZ[%.20s]", sz);
    if (w != h) return yomi_fail(err, 0, 0, "node 1: non-square board SZ[%d:%d] is not supported", w, h);
    if (w < 2 || w > GO_MAX_SIZE)
        return yomi_fail(err, 0, 0, "node 1: board size %d not supported (2..%d)", w, GO_MAX_SIZE);
    return w;
}

int sgf_prop_points(const sgf_prop *prop, int size, go_point *out, int max, yomi_error *err) {
    int n = 0;
    for (int k = 0; k < prop->nvalues; k++) {
        const char *v = prop->values[k];
        if (v[0] == '\0') continue; /* an empty list */
        const char *colon = strchr(v, ':');
        go_point a, b;
        if (colon && colon - v == 2) {
            char first[3] = {v[0], v[1], '\0'};
            a = sgf_point_parse(first, size);
            b = sgf_point_parse(colon + 1, size);
        } else {
            a = b = sgf_point_parse(v, size);
        }
        /* "tt" is a pass only in a move: in a point list it is off the board. */
        if (a == GO_NO_POINT || b == GO_NO_POINT || a == GO_PASS || b == GO_PASS)
            return yomi_fail(err, 0, 0, "%s[%.20s]: not a point of the %dx%d board", prop->id, v, size, size);
        int c0 = go_col(a), c1 = go_col(b), r0 = go_row(a), r1 = go_row(b);
        if (c0 > c1) {
            int t = c0;
            c0 = c1;
            c1 = t;
        }
        if (r0 > r1) {
            int t = r0;
            r0 = r1;
            r1 = t;
        }
        for (int r = r0; r <= r1; r++)
            for (int c = c0; c <= c1; c++)
                if (n < max) out[n++] = go_pt(c, r);
    }
    return n;
}

int sgf_node_move(const sgf_node *n, int size, go_color *c, go_point *p, yomi_error *err) {
    const sgf_prop *b = find_prop(n, "B"), *w = find_prop(n, "W");
    if (!b && !w) return 0;
    if (b && w) return yomi_fail(err, 0, 0, "both B and W in one node");
    const sgf_prop *m = b ? b : w;
    if (m->nvalues != 1) return yomi_fail(err, 0, 0, "%s has %d values", m->id, m->nvalues);
    go_point q = sgf_point_parse(m->values[0], size);
    if (q == GO_NO_POINT)
        return yomi_fail(err, 0, 0, "%s[%.20s]: move off the %dx%d board", m->id, m->values[0], size, size);
    *c = b ? GO_BLACK : GO_WHITE;
    *p = q;
    return 1;
}

/* ---- Replay ---- */

static const char *reason(int r) {
    switch (r) {
    case GO_ILLEGAL_OCCUPIED: return "point occupied";
    case GO_ILLEGAL_SUICIDE: return "suicide";
    case GO_ILLEGAL_KO: return "ko recapture";
    case GO_ILLEGAL_SUPERKO: return "repeats a position (superko)";
    case GO_ILLEGAL_OFFBOARD: return "off the board";
    case GO_ILLEGAL_HISTORY: return "game too long for the undo history";
    default: return "illegal";
    }
}

/* Re-reports err with the node's position in front: "node K (byte N): ...". */
static int node_fail(yomi_error *err, const sgf_node *n, int k, const char *what) {
    char msg[sizeof err->msg];
    snprintf(msg, sizeof msg, "%s", what);
    if (n->offset >= 0) return yomi_fail(err, 0, 0, "node %d (byte %ld): %s", k, n->offset, msg);
    return yomi_fail(err, 0, 0, "node %d: %s", k, msg);
}

int sgf_replay(const sgf_node *root, go_board *b, int stop_before, go_color *to_move, yomi_error *err) {
    yomi_error e;
    memset(&e, 0, sizeof e);
    int size = sgf_board_size(root, &e);
    if (size < 0) {
        if (err) *err = e;
        return -1;
    }
    go_board_clear(b, size);
    const char *ha = sgf_get(root, "HA");
    go_color next = ha && parse_small(ha, ha + strlen(ha)) >= 2 ? GO_WHITE : GO_BLACK;
    int moves = 0, k = 0;
    static const char *const setup_ids[3] = {"AE", "AB", "AW"};
    static const go_color setup_colors[3] = {GO_EMPTY, GO_BLACK, GO_WHITE};
    go_point pts[GO_MAX_POINTS];
    for (const sgf_node *n = root; n; n = n->child) {
        k++;
        go_color mc;
        go_point mp;
        int has = sgf_node_move(n, size, &mc, &mp, &e);
        if (has < 0) return node_fail(err, n, k, e.msg);
        if (has && stop_before > 0 && moves + 1 >= stop_before) {
            next = mc;
            break;
        }
        for (int s = 0; s < 3; s++) {
            const sgf_prop *p = find_prop(n, setup_ids[s]);
            if (!p) continue;
            int np = sgf_prop_points(p, size, pts, GO_MAX_POINTS, &e);
            if (np < 0) return node_fail(err, n, k, e.msg);
            for (int i = 0; i < np; i++) {
                if (!go_board_setup(b, pts[i], setup_colors[s])) {
                    char v[3], m[96];
                    sgf_point_format(pts[i], v);
                    snprintf(m, sizeof m, "%s[%s] leaves a string without liberties", p->id, v);
                    return node_fail(err, n, k, m);
                }
            }
        }
        const char *pl = sgf_get(n, "PL");
        if (pl && pl[0]) { /* PL[] (seen in problem files) says nothing */
            if (pl[0] == 'B' || pl[0] == 'b')
                next = GO_BLACK;
            else if (pl[0] == 'W' || pl[0] == 'w')
                next = GO_WHITE;
            else
                return node_fail(err, n, k, "PL must be B or W");
        }
        if (has) {
            int r = go_board_play(b, mc, mp);
            if (r != GO_OK) {
                char v[3], m[128];
                sgf_point_format(mp, v);
                snprintf(m, sizeof m, "illegal move %s[%s] (move %d): %s", mc == GO_BLACK ? "B" : "W", v,
                         moves + 1, reason(r));
                return node_fail(err, n, k, m);
            }
            moves++;
            next = go_other(mc);
        }
    }
    if (to_move) *to_move = next;
    return moves;
}

/* ---- Writing ---- */

static void put_value(sbuf *o, const char *v) {
    sb_putc(o, '[');
    for (; *v; v++) {
        if (*v == ']' || *v == '\\') sb_putc(o, '\\');
        sb_putc(o, *v);
    }
    sb_putc(o, ']');
}

static void put_node(sbuf *o, const sgf_node *n, size_t *line_start) {
    /* Break lines at node boundaries to keep the text readable. */
    if (o->n - *line_start > 72) {
        sb_putc(o, '\n');
        *line_start = o->n;
    }
    sb_putc(o, ';');
    for (int i = 0; i < n->nprops; i++) {
        const sgf_prop *p = &n->props[i];
        sb_puts(o, p->id);
        for (int k = 0; k < p->nvalues; k++) put_value(o, p->values[k]);
    }
    if (!n->parent) {
        sb_putc(o, '\n');
        *line_start = o->n;
    }
}

static bool write_game(sbuf *o, const sgf_node *root) {
    const sgf_node **stack = NULL; /* per open variation: the next sibling to write */
    size_t depth = 0, cap = 0, line_start = o->n;
    const sgf_node *cur = root;
    sb_putc(o, '(');
    for (;;) {
        put_node(o, cur, &line_start);
        const sgf_node *c = cur->child;
        if (c && !c->sibling) {
            cur = c;
            continue;
        }
        if (c) {
            if (depth == cap) {
                size_t nc = cap ? 2 * cap : 16;
                const sgf_node **ns = realloc(stack, nc * sizeof *ns);
                if (!ns) {
                    free(stack);
                    return false;
                }
                stack = ns;
                cap = nc;
            }
            stack[depth++] = c->sibling;
            sb_putc(o, '\n');
            sb_putc(o, '(');
            line_start = o->n - 1;
            cur = c;
            continue;
        }
        bool done = false;
        for (;;) {
            sb_putc(o, ')');
            if (depth == 0) {
                done = true;
                break;
            }
            const sgf_node *s = stack[depth - 1];
            if (s) {
                stack[depth - 1] = s->sibling;
                sb_putc(o, '\n');
                sb_putc(o, '(');
                line_start = o->n - 1;
                cur = s;
                break;
            }
            depth--;
        }
        if (done) break;
    }
    free(stack);
    sb_putc(o, '\n');
    return !o->oom;
}

char *sgf_write(const sgf_collection *c, size_t *len) {
    sbuf o = {0};
    if (sb_reserve(&o, 256)) o.s[0] = '\0';
    for (int i = 0; i < c->ngames; i++) {
        if (!write_game(&o, c->games[i])) {
            free(o.s);
            return NULL;
        }
    }
    if (o.oom) {
        free(o.s);
        return NULL;
    }
    if (len) *len = o.n;
    return o.s;
}

char *sgf_write_game(const sgf_node *root, size_t *len) {
    sbuf o = {0};
    if (!write_game(&o, root)) {
        free(o.s);
        return NULL;
    }
    if (len) *len = o.n;
    return o.s;
}

int sgf_write_file(const sgf_collection *c, const char *path, yomi_error *err) {
    size_t len;
    char *text = sgf_write(c, &len);
    if (!text) return yomi_fail(err, 0, 0, "out of memory writing %s", path);
    FILE *f = fopen(path, "wb");
    if (!f) {
        free(text);
        return yomi_fail(err, 0, 0, "cannot open %s: %s", path, strerror(errno));
    }
    bool ok = fwrite(text, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    free(text);
    if (!ok) return yomi_fail(err, 0, 0, "cannot write %s", path);
    return 0;
}

int sgf_load_game_position(const sgf_node *root, int stop_before, go_board *b, go_color *to_move,
                           double *komi, yomi_error *err) {
    go_board *tmp = go_board_new(go_board_size(b));
    if (!tmp) {
        yomi_fail(err, 0, 0, "out of memory");
        return -1;
    }
    go_color side = GO_BLACK;
    int played = sgf_replay(root, tmp, stop_before, &side, err);
    if (played >= 0) {
        go_board_copy(b, tmp);
        if (to_move) *to_move = side;
        const char *km = sgf_get(root, "KM");
        char *end;
        double k = km ? strtod(km, &end) : 0.0;
        if (komi && km && end != km && isfinite(k)) *komi = k;
    }
    go_board_free(tmp);
    return played;
}

int sgf_load_text_position(const char *text, size_t len, int stop_before, go_board *b, go_color *to_move,
                           double *komi, yomi_error *err) {
    sgf_collection *c = sgf_parse(text, len, err);
    if (!c) return -1;
    int played = sgf_load_game_position(c->games[0], stop_before, b, to_move, komi, err);
    sgf_free(c);
    return played;
}

int sgf_load_position(const char *path, int stop_before, go_board *b, go_color *to_move, double *komi,
                      yomi_error *err) {
    size_t len = 0;
    char *text = yomi_read_file(path, (size_t)SGF_MAX_BYTES, &len, "an SGF file", "SGF_MAX_BYTES", err);
    if (!text) return -1;
    int played = sgf_load_text_position(text, len, stop_before, b, to_move, komi, err);
    free(text);
    return played;
}
