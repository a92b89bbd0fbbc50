/* The brute-force oracle: plain minimax over the whole strip, memoised on the raw
 * cells and the player to move. It shares nothing with the solver (no subgames,
 * no normalisation, no classes), so the tests can hold one against the other. */
#include <stdlib.h>
#include <string.h>

#include "yomi/clobber.h"

typedef struct bf_entry {
    char cells[CLOB_MAX_LEN];
    uint8_t used, player, win;
} bf_entry;

typedef struct bf_memo {
    bf_entry *e;
    size_t cap, count;
    int len;
} bf_memo;

static uint64_t bf_hash(const char *c, int len, int player) {
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)player;
    for (int i = 0; i < len; i++) h = (h ^ (uint8_t)c[i]) * 1099511628211ULL;
    return h ^ (h >> 29);
}

static bf_entry *bf_slot(bf_memo *m, const char *c, int player) {
    size_t i = (size_t)bf_hash(c, m->len, player) & (m->cap - 1);
    while (m->e[i].used && (m->e[i].player != player || memcmp(m->e[i].cells, c, (size_t)m->len)))
        i = (i + 1) & (m->cap - 1);
    return &m->e[i];
}

static void bf_grow(bf_memo *m) {
    bf_memo n = {calloc(m->cap * 2, sizeof *m->e), m->cap * 2, m->count, m->len};
    if (!n.e) abort();
    for (size_t i = 0; i < m->cap; i++)
        if (m->e[i].used) *bf_slot(&n, m->e[i].cells, m->e[i].player) = m->e[i];
    free(m->e);
    *m = n;
}

/* True when `me` ('X' or 'O') to move wins. */
static bool bf_win(bf_memo *m, char *c, char me) {
    int player = me == 'X' ? 0 : 1;
    bf_entry *slot = bf_slot(m, c, player);
    if (slot->used) return slot->win;
    char you = me == 'X' ? 'O' : 'X';
    bool win = false;
    for (int i = 0; i < m->len && !win; i++) {
        if (c[i] != me) continue;
        for (int d = -1; d <= 1 && !win; d += 2) {
            int j = i + d;
            if (j < 0 || j >= m->len || c[j] != you) continue;
            c[i] = '.';
            c[j] = me;
            win = !bf_win(m, c, you);
            c[i] = me;
            c[j] = you;
        }
    }
    if (2 * (m->count + 1) > m->cap) bf_grow(m);
    slot = bf_slot(m, c, player);
    memcpy(slot->cells, c, (size_t)m->len);
    slot->used = 1;
    slot->player = (uint8_t)player;
    slot->win = win;
    m->count++;
    return win;
}

static void bf_run(const clob_strip *s, bool out[2]) {
    bf_memo m = {calloc(1024, sizeof(bf_entry)), 1024, 0, s->len};
    if (!m.e) abort();
    char c[CLOB_MAX_LEN];
    for (int i = 0; i < s->len; i++) c[i] = ".XO"[clob_cell(s, i)];
    out[0] = bf_win(&m, c, 'X');
    out[1] = bf_win(&m, c, 'O');
    free(m.e);
}

bool clob_brute_wins(const clob_strip *s, int player) {
    bool w[2];
    bf_run(s, w);
    return w[player == CLOB_LEFT ? 0 : 1];
}

clob_outcome clob_brute_outcome(const clob_strip *s) {
    bool w[2];
    bf_run(s, w);
    return clob_outcome_of(w[0], w[1]);
}
