#include "core/search.h"

#include <string.h>
#include <time.h>

const char *yomi_result_name(yomi_result r) {
    switch (r) {
    case YOMI_WIN: return "win";
    case YOMI_KO_WIN: return "ko-win";
    case YOMI_KO_LOSS: return "ko-loss";
    case YOMI_SEKI: return "seki";
    case YOMI_LOSS: return "loss";
    case YOMI_DRAW: return "draw";
    case YOMI_SCORE: return "score";
    case YOMI_CLASS_L: return "L";
    case YOMI_CLASS_R: return "R";
    case YOMI_CLASS_N: return "N";
    case YOMI_CLASS_P: return "P";
    case YOMI_UNKNOWN: break;
    }
    return "unknown";
}

const char *yomi_basis_name(yomi_basis b) {
    switch (b) {
    case YOMI_BASIS_PROVED: return "proved";
    case YOMI_BASIS_HEURISTIC: return "heuristic";
    case YOMI_BASIS_UNKNOWN: break;
    }
    return "unknown";
}

double yomi_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum { POLL_INTERVAL = 4096 };

/* The next poll comes after POLL_INTERVAL nodes, or exactly at the node limit. */
static void schedule_poll(yomi_ctl *c) {
    c->next_poll = c->nodes + POLL_INTERVAL;
    if (c->lim.max_nodes && c->next_poll > c->lim.max_nodes) c->next_poll = c->lim.max_nodes;
}

void yomi_ctl_init(yomi_ctl *c, const yomi_limits *lim, const char *what) {
    memset(c, 0, sizeof *c);
    if (lim) c->lim = *lim;
    c->start = yomi_now();
    c->last_progress = c->start;
    c->what = what ? what : "search";
    schedule_poll(c);
    /* A search started after a cancel stops at its first check, however small. */
    if (c->lim.cancel && atomic_load(c->lim.cancel)) c->stopped = true;
}

double yomi_ctl_elapsed(const yomi_ctl *c) { return yomi_now() - c->start; }

bool yomi_ctl_poll(yomi_ctl *c) {
    if (c->lim.max_nodes && c->nodes >= c->lim.max_nodes) c->stopped = true;
    schedule_poll(c);
    if (c->lim.cancel && atomic_load(c->lim.cancel)) c->stopped = true;
    if (c->lim.max_seconds > 0 || c->lim.progress) {
        double now = yomi_now();
        if (c->lim.max_seconds > 0 && now - c->start >= c->lim.max_seconds) c->stopped = true;
        if (c->lim.progress && now - c->last_progress >= 1.0) {
            yomi_progress p = {c->what, now - c->start, c->nodes, c->depth};
            c->lim.progress(&p, c->lim.progress_user);
            c->last_progress = now;
        }
    }
    return c->stopped;
}
