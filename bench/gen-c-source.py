#!/usr/bin/env python3
"""gen-c-source.py N: prints a C file of N functions for the compiler to chew on.

Each function has a loop, a branch on a modulo, a switch and a call of the previous function,
so gcc -O2 spends its time in the passes a real program needs (inlining, loop and switch
lowering, register allocation) rather than in parsing. The output depends only on N.
"""
import sys


def function(i):
    prev = max(i - 1, 0)
    return f"""int f{i}(int *a, int n)
{{
  int s = {i};
  for (int j = 0; j < n; j++) {{
    if (a[j] % {i % 7 + 2} == 0)
      s += a[j] * {i};
    else
      s ^= a[j] << {i % 5};
    switch (a[j] & 3) {{
    case 0: s += f{prev}(a, j / 2); break;
    case 1: s -= {i}; break;
    default: s *= 3;
    }}
  }}
  return s;
}}
"""


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: gen-c-source.py N")
    n = int(sys.argv[1])
    sys.stdout.write("".join(function(i) for i in range(n)))


if __name__ == "__main__":
    main()
