/* Baseline for `sprague nim --batch`: the seeds' plain C solution (000 §5), reading a position per
 * line with scanf and printing the XOR and the outcome. Built by bench/nim-batch.sh, never by cargo. */
#include <stdio.h>
#include <string.h>

int main(void) {
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        unsigned long long x = 0, h;
        int used, off = 0;
        while (sscanf(line + off, "%llu%n", &h, &used) == 1) {
            x ^= h;
            off += used;
        }
        printf("%s %llu\n", x ? "N" : "P", x);
    }
    return 0;
}
