/* Minimal test harness: CHECK macros that count, and a summary line
 * "N passed, N failed" that the runner and CI read. */
#ifndef YOMI_TESTUTIL_H
#define YOMI_TESTUTIL_H

#include <stdio.h>

extern int t_passed, t_failed;

#define CHECK(cond) CHECK_MSG(cond, "%s", #cond)
#define CHECK_MSG(cond, ...)                                                                                 \
    do {                                                                                                     \
        if (cond) {                                                                                          \
            t_passed++;                                                                                      \
        } else {                                                                                             \
            t_failed++;                                                                                      \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                             \
            fprintf(stderr, __VA_ARGS__);                                                                    \
            fputc('\n', stderr);                                                                             \
        }                                                                                                    \
    } while (0)
#define CHECK_EQ_INT(a, b)                                                                                   \
    CHECK_MSG((long long)(a) == (long long)(b), "%s == %s (%lld vs %lld)", #a, #b, (long long)(a),           \
              (long long)(b))

/* Prints the summary and returns the process exit code. */
int t_summary(const char *name);
/* 1 when the test runs under sanitizers (slow): tests may shrink their workload. */
int t_sanitized(void);
/* Joins the data folder (argv[1], the repo's data/) and a relative path; NULL when no folder was given (the caller then fails). */
const char *t_data_path(const char *data_dir, const char *rel);

#endif
