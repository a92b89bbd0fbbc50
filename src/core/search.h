/* Search control shared by every solver: limits (time, nodes, cancel), node
 * statistics, and the caller's progress callback about once a second. */
#ifndef YOMI_CORE_SEARCH_H
#define YOMI_CORE_SEARCH_H

#include <stdbool.h>
#include <stdint.h>
#include "yomi/yomi.h"

typedef struct yomi_ctl {
    yomi_limits lim;
    uint64_t nodes; /* incremented by the solver */
    uint64_t next_poll; /* node count at which yomi_ctl_poll looks at the clock */
    double start; /* monotonic seconds */
    double last_progress;
    int depth; /* current iteration depth, for progress lines */
    const char *what; /* label for progress lines */
    bool stopped; /* a limit was hit: the result must be UNKNOWN */
} yomi_ctl;

double yomi_now(void);
void yomi_ctl_init(yomi_ctl *c, const yomi_limits *lim, const char *what);
/* Slow path of yomi_ctl_check: looks at the clock, cancel flag and node limit. */
bool yomi_ctl_poll(yomi_ctl *c);
double yomi_ctl_elapsed(const yomi_ctl *c);

/* True when the search must stop. Cheap: reads the clock every 4096 nodes, and
 * looks at the node limit exactly when the count reaches it. */
static inline bool yomi_ctl_check(yomi_ctl *c) {
    if (c->stopped) return true;
    if (c->nodes < c->next_poll) return false;
    return yomi_ctl_poll(c);
}

#endif
