// FrameTextCache: the text script printed for recent callchain frames, so a frame seen again
// (callchains repeat the same frames all the time) is one lookup and one copy instead of a map
// lookup, a symbol search and number formatting.
//
// The key holds everything the text depends on: the ip, the map's dso, start and pgoff (they
// fix the symbol and its offset) and the output fields in use. Direct-mapped: a new entry
// replaces whatever was in its slot; text longer than a slot holds is simply not cached.
#pragma once
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

namespace cperf {

class FrameTextCache {
 public:
  struct Key {
    uint64_t ip = 0;
    const void* dso = nullptr;
    uint64_t map_start = 0, map_pgoff = 0;
    uint32_t fields = 0;
    bool operator==(const Key&) const = default;
  };

  // The cached text for key, or nullptr.
  const std::string_view* find(const Key& k) const {
    const Slot& s = slots_[index(k)];
    return s.used && s.key == k ? &s.view : nullptr;
  }
  void store(const Key& k, std::string_view text) {
    if (text.size() > kTextMax) return;
    Slot& s = slots_[index(k)];
    s.key = k;
    std::memcpy(s.text, text.data(), text.size());
    s.view = std::string_view(s.text, text.size());
    s.used = true;
  }

 private:
  static constexpr size_t kSlots = 1 << 12;
  static constexpr size_t kTextMax = 176;
  struct Slot {
    Key key;
    bool used = false;
    std::string_view view;
    char text[kTextMax];
  };
  static size_t index(const Key& k) {
    uint64_t h = k.ip ^ (reinterpret_cast<uintptr_t>(k.dso) << 7) ^ k.map_start ^ k.fields;
    return (h * 0x9e3779b97f4a7c15ull) >> 52 & (kSlots - 1);
  }
  std::unique_ptr<Slot[]> slots_ = std::make_unique<Slot[]>(kSlots);
};

}  // namespace cperf
