// The raw-record hex block of `perf report -D`.
#pragma once
#include <cstdio>

#include "base/byte_reader.h"

namespace cperf {

// ".\n. ... raw event: size N bytes\n" then 16 bytes per line with an ASCII column, then "\n".
void print_hex_block(std::FILE* out, Bytes bytes);

}  // namespace cperf
