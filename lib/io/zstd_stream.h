// ZstdStream: one zstd decompression context for all COMPRESSED records of a file (perf writes
// them as one logical stream, so the context must persist between records).
#pragma once
#include <cstddef>
#include <span>
#include <vector>

struct ZSTD_DCtx_s;

namespace cperf {

class ZstdStream {
 public:
  ZstdStream();
  ~ZstdStream();
  ZstdStream(const ZstdStream&) = delete;
  ZstdStream& operator=(const ZstdStream&) = delete;
  // Appends the decompressed bytes of `in` to `out`. Returns false on corrupt input.
  bool decompress(std::span<const std::byte> in, std::vector<std::byte>& out);

 private:
  ZSTD_DCtx_s* ctx_;
};

}  // namespace cperf
