#include "dump/hex_dump.h"

#include <cctype>

namespace cperf {

void print_hex_block(std::FILE* out, Bytes bytes) {
  const size_t n = bytes.size();
  std::fprintf(out, ".\n. ... raw event: size %zu bytes\n", n);
  char line[128];
  for (size_t at = 0; at < n; at += 16) {
    int len = std::snprintf(line, sizeof line, ".  %04zx: ", at);
    for (size_t i = 0; i < 16; ++i) {
      if (at + i < n)
        len += std::snprintf(line + len, sizeof line - len, " %02x",
                             static_cast<unsigned>(bytes[at + i]));
      else
        len += std::snprintf(line + len, sizeof line - len, "   ");
    }
    line[len++] = ' ';
    line[len++] = ' ';
    for (size_t i = 0; i < 16; ++i) {
      if (at + i < n) {
        int c = static_cast<int>(bytes[at + i]);
        line[len++] = (c < 128 && std::isprint(c)) ? static_cast<char>(c) : '.';
      } else {
        line[len++] = ' ';
      }
    }
    line[len++] = '\n';
    std::fwrite(line, 1, len, out);
  }
  std::fputc('\n', out);
}

}  // namespace cperf
