// FrameTable: each distinct call-graph frame stored once, named by a 32-bit id.
//
// Why: a report's call-path trees hold millions of frames, most of them copies of a few
// thousand resolved addresses. Trees keep ids (4 bytes) instead of whole frames (~100), and
// two equal ids compare equal without looking at the frames at all.
//
// Frames live in fixed-size chunks that never move, so a frame, once interned, can be read
// while later ones are added. Each is stored in parts: its compare Key, the rest of its symbol
// part, and its "place" (the map's part: map, symbols, dso), which many frames share; reading
// one makes a ChainFrame from them.
//
// Frames without a symbol (the garbage a frame-pointer walk reads through code built without
// frame pointers: addresses in no map, in the heap, in data) are most of a large profile's
// distinct frames and are rarely seen twice. They are kept as the address and their place (the
// map's part of the frame, stored once per map), one per intern(), with no look-up: two such
// ids may name equal frames, which compare() says are equal.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
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
  const void* symbols = nullptr;     // the map's symbols (HistSample::symbols)
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

  // The id of a frame equal to `f` field by field (texts by identity), added if new; a frame
  // without a symbol gets a new id each time.
  FrameId intern(const ChainFrame& f);
  ChainFrame operator[](FrameId id) const {
    if (id & kUnsymBit) return unsym_frame(id);
    return interned_frame(id);
  }
  // The same, made in `scratch` (frames are stored in parts).
  const ChainFrame& get(FrameId id, ChainFrame& scratch) const { return scratch = (*this)[id]; }
  // What compare_frames looks at, packed (a tree keeps its nodes' first one at hand).
  struct Key {
    uint64_t ip = 0, sym_start = 0;
    uint32_t dso_order = 0;
    bool has_sym = false, inlined = false;
  };
  Key key(FrameId id) const {
    if (id & kUnsymBit) {
      const Unsym& u = unsym(id);
      return Key{u.ip, 0, place(u.place).dso_order, false, false};
    }
    return keys_[id >> kChunkBits][id & kChunkMask];
  }
  // compare_frames of two keys, or kByName when only the frames' names can tell (inlined
  // symbols).
  static constexpr int kByName = 2;
  static int compare_keys(const Key& x, const Key& y) {
    if (x.has_sym && y.has_sym) {
      if (x.inlined || y.inlined) return kByName;
      if (x.dso_order != y.dso_order) return x.dso_order < y.dso_order ? -1 : 1;
      return x.sym_start < y.sym_start ? -1 : (x.sym_start > y.sym_start ? 1 : 0);
    }
    if (x.dso_order != y.dso_order) return x.dso_order < y.dso_order ? -1 : 1;
    return x.ip < y.ip ? -1 : (x.ip > y.ip ? 1 : 0);
  }
  // compare_frames of two interned frames; equal ids are equal frames.
  int compare(FrameId a, FrameId b) const {
    if (a == b) return 0;
    int c = compare_keys(key(a), key(b));
    return c == kByName ? compare_frames((*this)[a], (*this)[b]) : c;
  }

 private:
  static constexpr unsigned kChunkBits = 12;
  static constexpr FrameId kChunkMask = (1u << kChunkBits) - 1;
  static constexpr size_t kMaxChunks = size_t{1} << 16;  // 2^28 frames
  static constexpr FrameId kUnsymBit = 1u << 31;  // ids of frames without a symbol
  static constexpr unsigned kUnsymChunkBits = 16;
  static constexpr FrameId kUnsymChunkMask = (1u << kUnsymChunkBits) - 1;
  static constexpr size_t kMaxUnsymChunks = size_t{1} << 15;  // 2^31 frames
  static constexpr unsigned kPlaceChunkBits = 12;
  static constexpr size_t kMaxPlaceChunks = size_t{1} << 12;  // 2^24 places

  // A frame without a symbol: its address and its place, packed in 12 bytes (a large profile
  // has over a million of them).
#pragma pack(push, 4)
  struct Unsym {
    uint64_t ip = 0;
    uint32_t place = 0;  // index in places_ (0: no map at all)
  };
#pragma pack(pop)
  static_assert(sizeof(Unsym) == 12);
  // The map's part of a frame (ChainFrame's map, symbols, dso and dso_order fields).
  struct Place {
    const void* map = nullptr;
    const void* symbols = nullptr;
    Text dso;
    uint32_t dso_order = 0;
    bool has_map = false;
  };
  // What an interned frame has beside its Key: the rest of the symbol part, and its place.
  struct Rest {
    uint64_t sym_end = 0;
    uint32_t place = 0;
    Text sym, name, srcline;
  };
  static bool is_unsym(const ChainFrame& f);
  static Place place_part(const ChainFrame& f);
  // A frame with only its address and its map's part.
  static ChainFrame frame_at(const Place& p, uint64_t ip);
  const Rest& rest(FrameId id) const { return chunks_[id >> kChunkBits][id & kChunkMask]; }
  ChainFrame interned_frame(FrameId id) const;
  // The interned frame `id` equals f field by field (texts by identity).
  bool same(FrameId id, const ChainFrame& f) const;
  const Unsym& unsym(FrameId id) const {
    id &= ~kUnsymBit;
    return unsym_chunks_[id >> kUnsymChunkBits][id & kUnsymChunkMask];
  }
  const Place& place(uint32_t i) const { return place_chunks_[i >> kPlaceChunkBits][i & ((1u << kPlaceChunkBits) - 1)]; }
  ChainFrame unsym_frame(FrameId id) const;
  uint32_t place_of(const ChainFrame& f);

  static uint64_t hash(const ChainFrame& f);
  void grow_index();

  // Fixed arrays of chunk pointers: a reader never sees them move.
  std::unique_ptr<std::unique_ptr<Rest[]>[]> chunks_;
  std::unique_ptr<std::unique_ptr<Key[]>[]> keys_;
  std::unique_ptr<std::unique_ptr<Unsym[]>[]> unsym_chunks_;
  std::unique_ptr<std::unique_ptr<Place[]>[]> place_chunks_;
  size_t size_ = 0, unsym_size_ = 0, places_ = 0;
  // Place look-up: (map, symbols, dso, dso_order, has_map) -> index; the last one at hand.
  struct PlaceHash {
    size_t operator()(const Place& p) const;
  };
  struct PlaceEq {
    bool operator()(const Place& a, const Place& b) const;
  };
  std::unordered_map<Place, uint32_t, PlaceHash, PlaceEq> place_index_;
  Place last_place_;
  uint32_t last_place_index_ = 0;
  // Open addressing, linear probing: each slot 32 bits of the frame's hash (which also place
  // it) and its id (id + 1; 0: empty). Eight bytes a slot: a large profile has a third of a
  // million frames.
  struct Slot {
    uint32_t hash = 0;
    FrameId id_plus_1 = 0;
  };
  std::vector<Slot> index_;
};

}  // namespace cperf
