#include "symbol/build_id.h"

#include <algorithm>

namespace cperf {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

BuildId::BuildId(std::span<const uint8_t> bytes) {
  size_ = std::min(bytes.size(), kMaxSize);
  std::copy_n(bytes.begin(), size_, data_.begin());
}

std::optional<BuildId> BuildId::from_hex(std::string_view hex) {
  if (hex.empty() || hex.size() % 2 != 0 || hex.size() > 2 * kMaxSize) return std::nullopt;
  BuildId id;
  for (size_t i = 0; i < hex.size(); i += 2) {
    int hi = hex_value(hex[i]);
    int lo = hex_value(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    id.data_[i / 2] = static_cast<uint8_t>(hi << 4 | lo);
  }
  id.size_ = hex.size() / 2;
  return id;
}

std::string BuildId::to_hex() const {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(size_ * 2);
  for (size_t i = 0; i < size_; ++i) {
    out += kDigits[data_[i] >> 4];
    out += kDigits[data_[i] & 0xf];
  }
  return out;
}

}  // namespace cperf
