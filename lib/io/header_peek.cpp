#include "io/header_peek.h"

#include <sys/stat.h>

#include <array>
#include <cstddef>
#include <fstream>

#include "format/file_header.h"

namespace cperf {

bool file_header_has_feature(const std::string& path, int feature) {
  // Regular files only: reading a FIFO or a terminal here would take bytes the report needs.
  struct stat st {};
  if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  std::ifstream in(path, std::ios::binary);
  std::array<std::byte, kFileHeaderSize> buf{};
  if (!in.read(reinterpret_cast<char*>(buf.data()), buf.size())) return false;  // shorter than a file header
  FileHeader h;
  bool swapped = false;
  if (!read_file_header(Bytes(buf.data(), buf.size()), h, swapped)) return false;
  return h.has_feature(feature);
}

}  // namespace cperf
