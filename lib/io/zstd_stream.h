// ZstdStream: one zstd decompression context for all COMPRESSED records of a file (perf writes
// them as one logical stream, so the context must persist between records).
#pragma once
#include <cstddef>
#include <span>
#include <vector>

struct ZSTD_DCtx_s;
struct ZSTD_CCtx_s;

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

// One zstd frame per call, for writers (record -z).
class ZstdCompressor {
 public:
  explicit ZstdCompressor(int level);
  ~ZstdCompressor();
  ZstdCompressor(const ZstdCompressor&) = delete;
  ZstdCompressor& operator=(const ZstdCompressor&) = delete;
  // Replaces `out` with one complete frame holding `in`. False on a zstd error.
  bool compress(std::span<const std::byte> in, std::vector<std::byte>& out);

 private:
  ZSTD_CCtx_s* ctx_;
  int level_;
};

}  // namespace cperf
