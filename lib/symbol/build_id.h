// BuildId: the bytes of an ELF NT_GNU_BUILD_ID note (usually a 20-byte SHA-1, sometimes a
// 16-byte MD5/UUID), as perf's struct build_id. Two ids are equal only when both the size
// and the bytes match, which is how perf decides a file is not the recorded one.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace cperf {

class BuildId {
 public:
  static constexpr size_t kMaxSize = 20;

  BuildId() = default;
  // Keeps at most kMaxSize bytes.
  explicit BuildId(std::span<const uint8_t> bytes);
  // Parses lowercase or uppercase hex of an even length up to 40 digits; nullopt otherwise
  // (including the empty string, which perf.data uses for "no build id").
  static std::optional<BuildId> from_hex(std::string_view hex);

  std::string to_hex() const;  // lowercase, 2 digits per byte
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::span<const uint8_t> bytes() const { return {data_.data(), size_}; }

  bool operator==(const BuildId& o) const {
    return size_ == o.size_ && std::equal(data_.begin(), data_.begin() + size_, o.data_.begin());
  }

 private:
  std::array<uint8_t, kMaxSize> data_{};
  size_t size_ = 0;
};

}  // namespace cperf
