/* x16scope: dbgfile */
unsigned char result;

static unsigned int sum(unsigned char n) {
    unsigned int total = 0;
    unsigned char i;
    for (i = 1; i <= n; ++i) {
        total += i;
    }
    return total;
}

int main(void) {
    unsigned char count = 10;
    unsigned int s = sum(count);
    result = (unsigned char)s;
    return 0;
}
