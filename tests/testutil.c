#include "testutil.h"

#include <stdlib.h>
#include <string.h>

int t_passed, t_failed;

int t_summary(const char *name) {
    printf("%s: %d passed, %d failed\n", name, t_passed, t_failed);
    return t_failed ? 1 : 0;
}

int t_sanitized(void) {
    const char *s = getenv("YOMI_SANITIZED");
    return s && *s && strcmp(s, "0") != 0;
}

const char *t_data_path(const char *data_dir, const char *rel) {
    static char buf[4][4096];
    static int k;
    if (!data_dir) return NULL;
    char *b = buf[k++ & 3];
    snprintf(b, sizeof buf[0], "%s/%s", data_dir, rel);
    return b;
}
