// FrameTable: each distinct call-graph frame stored once, named by a 32-bit id.
//
// Why: a report's call-path trees hold millions of frames, most of them copies of a few
// thousand resolved addresses. Trees keep ids (4 bytes) instead of whole frames (~100), and
// two equal ids compare equal without looking at the frames at all.
//
// Frames live in fixed-size chunks that never move, so a frame, once interned, can be read
// while later ones are added.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/string_pool.h"

namespace cperf {

struct ChainFrame {
  uint64_t ip = 0;          // the sampled address (absolute)
  uint32_t dso_order = 0;   // 0: no map; else the dso's creation order + 1
  bool has_map = false;
  bool has_sym = false;
  bool inlined = false;
  uint64_t sym_start = 0;   // symbol start (dso address space) when has_sym
  uint64_t sym_end = 0;
  Text dso;                          // the map's dso short name (pooled), when has_map
  const void* map = nullptr;         // the map (identity only), when has_map
  // Pooled texts (StringPool): the frame's strings are shared by every frame that has them.
  Text sym;                 // the symbol's own name (without " (inlined)")
  Text name;                // what perf prints; unset for 0x<ip> (see frame_text)
  Text srcline;             // its source line, when entries are keyed by it (-s srcline)
};

// perf's match_chain for the default "function" key: <0 when a sorts before b.
int compare_frames(const ChainFrame& a, const ChainFrame& b);

// What perf prints for a frame: its name, or "0x<ip>" (printf "%#lx") for one without, made
// in buf (frames without a symbol are many and their addresses distinct: not worth pooling).
const char* frame_text(const ChainFrame& f, char (&buf)[20]);

using FrameId = uint32_t;

class FrameTable {
 public:
  FrameTable();
  ~FrameTable();
  FrameTable(const FrameTable&) = delete;
  FrameTable& operator=(const FrameTable&) = delete;

  // The id of a frame equal to `f` field by field (texts by identity), added if new.
  FrameId intern(const ChainFrame& f);
  const ChainFrame& operator[](FrameId id) const { return chunks_[id >> kChunkBits][id & kChunkMask]; }
  size_t size() const { return size_; }
  // compare_frames of two interned frames; equal ids are equal frames.
  int compare(FrameId a, FrameId b) const {
    if (a == b) return 0;
    const MatchKey& x = key(a);
    const MatchKey& y = key(b);
    if (x.has_sym && y.has_sym && (x.inlined || y.inlined)) return compare_frames((*this)[a], (*this)[b]);
    if (x.has_sym != y.has_sym) return compare_frames((*this)[a], (*this)[b]);
    if (x.dso_order != y.dso_order) return x.dso_order < y.dso_order ? -1 : 1;
    return x.at < y.at ? -1 : (x.at > y.at ? 1 : 0);
  }

 private:
  // What compare_frames looks at, packed: the symbol start (or ip without a symbol).
  struct MatchKey {
    uint64_t at = 0;
    uint32_t dso_order = 0;
    bool has_sym = false, inlined = false;
  };
  static constexpr unsigned kChunkBits = 12;
  static constexpr FrameId kChunkMask = (1u << kChunkBits) - 1;
  static constexpr size_t kMaxChunks = size_t{1} << 16;  // 2^28 frames

  const MatchKey& key(FrameId id) const { return key_chunks_[id >> kChunkBits][id & kChunkMask]; }
  static uint64_t hash(const ChainFrame& f);
  static bool same(const ChainFrame& a, const ChainFrame& b);
  void grow_index();

  // Fixed arrays of chunk pointers: a reader never sees them move.
  std::unique_ptr<std::unique_ptr<ChainFrame[]>[]> chunks_;
  std::unique_ptr<std::unique_ptr<MatchKey[]>[]> key_chunks_;
  size_t size_ = 0;
  // Open addressing, linear probing: each slot the frame's hash and id (id + 1; 0: empty).
  struct Slot {
    uint64_t hash = 0;
    FrameId id_plus_1 = 0;
  };
  std::vector<Slot> index_;
};

}  // namespace cperf
