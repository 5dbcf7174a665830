#include "io/zstd_stream.h"

#include <zstd.h>

namespace cperf {

ZstdStream::ZstdStream() : ctx_(ZSTD_createDCtx()) {}
ZstdStream::~ZstdStream() { ZSTD_freeDCtx(ctx_); }

bool ZstdStream::decompress(std::span<const std::byte> in, std::vector<std::byte>& out) {
  ZSTD_inBuffer input{in.data(), in.size(), 0};
  constexpr size_t kMaxGrowth = size_t{1} << 30;  // refuse decompression bombs beyond 1 GiB
  // Until the input is used up and the decoder had room to spare: a full output buffer may
  // leave decoded bytes inside the decoder even after the last input byte was read.
  for (;;) {
    size_t old = out.size();
    size_t chunk = ZSTD_DStreamOutSize();
    if (old + chunk > kMaxGrowth) return false;
    out.resize(old + chunk);
    ZSTD_outBuffer output{out.data() + old, chunk, 0};
    const size_t in_before = input.pos;
    size_t ret = ZSTD_decompressStream(ctx_, &output, &input);
    out.resize(old + output.pos);
    if (ZSTD_isError(ret)) return false;
    if (input.pos == input.size && output.pos < chunk) break;
    if (output.pos == 0 && input.pos == in_before) return false;  // no progress: bad data
  }
  return true;
}

ZstdCompressor::ZstdCompressor(int level) : ctx_(ZSTD_createCCtx()), level_(level) {}
ZstdCompressor::~ZstdCompressor() { ZSTD_freeCCtx(ctx_); }

bool ZstdCompressor::compress(std::span<const std::byte> in, std::vector<std::byte>& out) {
  out.resize(ZSTD_compressBound(in.size()));
  size_t n = ZSTD_compressCCtx(ctx_, out.data(), out.size(), in.data(), in.size(), level_);
  if (ZSTD_isError(n)) return false;
  out.resize(n);
  return true;
}

}  // namespace cperf
