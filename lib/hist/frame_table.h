// FrameTable: each distinct call-graph frame stored once, named by a 32-bit id.
//
// Why: a report's call-path trees hold millions of frames, most of them copies of a few
// thousand resolved addresses. Trees keep ids (4 bytes) instead of whole frames (~100), and
// two equal ids compare equal without looking at the frames at all.
//
// A frame is stored as its address and its "kind": everything else (the symbol part and the
// map's part), which every frame of one symbol of one map shares. A frame is then 12 bytes:
// a large profile has hundreds of thousands of distinct addresses in a few thousand symbols.
// Records and kinds live in fixed-size chunks that never move, so a frame, once interned, can
// be read while later ones are added; reading one makes a ChainFrame from its parts.
//
// Frames without a symbol (the garbage a frame-pointer walk reads through code built without
// frame pointers: addresses in no map, in the heap, in data) are most of a large profile's
// distinct frames and are rarely seen twice. They are not indexed: a small cache of recent
// ones gives a repeated one its id again, else it gets a new record. So two such ids may name
// equal frames, which compare() says are equal.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/huge_pages.h"
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
  char origin = '!';                 // where the dso's symbols came from (HistSample::origin)
  const void* map = nullptr;         // the map (identity only), when has_map
  const void* symbols = nullptr;     // the map's symbols (HistSample::symbols)
  // Pooled texts (StringPool): the frame's strings are shared by every frame that has them.
  Text sym;                 // the symbol's own name (without " (inlined)")
  Text name;                // what perf prints; unset for 0x<ip> (see frame_text)
  Text srcline;             // its source line, when entries or frames are keyed by it (-s srcline,
                            // -g srcline, -g address)
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
  // without a symbol gets a new id unless it was seen lately (see above).
  FrameId intern(const ChainFrame& f);
  ChainFrame operator[](FrameId id) const;
  // The same, made in `scratch` (frames are stored in parts).
  const ChainFrame& get(FrameId id, ChainFrame& scratch) const { return scratch = (*this)[id]; }
  // What compare_frames looks at, packed (a tree keeps its nodes' first one at hand).
  struct Key {
    uint64_t ip = 0, sym_start = 0;
    uint32_t dso_order = 0;
    bool has_sym = false, inlined = false;
  };
  Key key(FrameId id) const {
    const Rec& r = rec(id);
    const Kind& k = kind(r.kind);
    if (by_address_) return Key{r.ip, 0, k.dso_order, false, false};
    if (by_srcline_) return Key{r.ip, 0, k.dso_order, true, true};  // always kByName: see compare()
    return Key{r.ip, k.sym_start, k.dso_order, k.has_sym, k.inlined};
  }
  // perf's "address" call-graph key (--branch-history): frames compare by dso and address
  // only, symbol or not. Set before the first frame goes into a tree.
  void key_by_address() { by_address_ = true; }
  // perf's "srcline" call-graph key (-g srcline): frames compare by their source lines (as
  // strings; a frame without one, having no map, sorts after one with), and by the function
  // key when neither has one. Set before the first frame goes into a tree.
  void key_by_srcline() { by_srcline_ = true; }
  bool keyed_by_srcline() const { return by_srcline_; }
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
    if (by_srcline_) return compare_by_srcline((*this)[a], (*this)[b]);
    int c = compare_keys(key(a), key(b));
    return c == kByName ? compare_frames((*this)[a], (*this)[b]) : c;
  }

 private:
  // 6 MiB chunks: three huge pages (base/huge_pages.h).
  static constexpr unsigned kRecChunkBits = 19;
  static constexpr FrameId kRecChunkMask = (1u << kRecChunkBits) - 1;
  static constexpr size_t kMaxRecChunks = size_t{1} << (32 - kRecChunkBits);  // 2^32 frames
  static constexpr unsigned kKindChunkBits = 12;
  static constexpr uint32_t kKindChunkMask = (1u << kKindChunkBits) - 1;
  static constexpr size_t kMaxKindChunks = size_t{1} << 12;  // 2^24 kinds
  static constexpr unsigned kPlaceChunkBits = 12;
  static constexpr size_t kMaxPlaceChunks = size_t{1} << 12;  // 2^24 places

  // One frame: its address and its kind, packed in 12 bytes.
#pragma pack(push, 4)
  struct Rec {
    uint64_t ip = 0;
    uint32_t kind = 0;
  };
#pragma pack(pop)
  static_assert(sizeof(Rec) == 12);
  // The map's part of a frame (ChainFrame's map, symbols, dso and dso_order fields).
  struct Place {
    const void* map = nullptr;
    const void* symbols = nullptr;
    Text dso;
    uint32_t dso_order = 0;
    bool has_map = false;
    char origin = '!';  // a property of the dso (dso_order tells it apart)
  };
  // A frame without its address: the symbol part, and its place (whose dso_order is copied
  // here, for key()).
  struct Kind {
    uint64_t sym_start = 0, sym_end = 0;
    uint32_t place = 0, dso_order = 0;
    bool has_sym = false, inlined = false;
    Text sym, name, srcline;
  };
  // Open addressing, linear probing: a slot holds 32 bits of an item's hash (which also
  // place it) and its id + 1 (0: empty), eight bytes in all.
  class IdIndex {
   public:
    // The id of the item of hash h that same(id) accepts; else make()'s, added.
    template <typename Same, typename Make>
    uint32_t find_or_add(uint32_t h, Same same, Make make) {
      if ((size_ + 1) * 4 > slots_.size() * 3) grow();
      size_t mask = slots_.size() - 1;
      size_t i = h & mask;
      for (; slots_[i].id_plus_1; i = (i + 1) & mask)
        if (slots_[i].hash == h && same(slots_[i].id_plus_1 - 1)) return slots_[i].id_plus_1 - 1;
      uint32_t id = make();
      slots_[i] = Slot{h, id + 1};
      ++size_;
      return id;
    }

   private:
    struct Slot {
      uint32_t hash = 0, id_plus_1 = 0;
    };
    void grow();
    LargeArray<Slot> slots_;
    size_t size_ = 0;
  };

  static bool is_unsym(const ChainFrame& f);
  static Place place_part(const ChainFrame& f);
  // A frame with only its address and its map's part.
  static ChainFrame frame_at(const Place& p, uint64_t ip);
  const Rec& rec(FrameId id) const { return rec_chunks_[id >> kRecChunkBits][id & kRecChunkMask]; }
  const Kind& kind(uint32_t i) const { return kind_chunks_[i >> kKindChunkBits][i & kKindChunkMask]; }
  const Place& place(uint32_t i) const { return place_chunks_[i >> kPlaceChunkBits][i & ((1u << kPlaceChunkBits) - 1)]; }
  uint32_t place_of(const ChainFrame& f);
  uint32_t kind_of(const ChainFrame& f);
  // k and f agree on everything but the place (compared apart: by index or by fields).
  static bool same_symbol_part(const Kind& k, const ChainFrame& f);
  static uint64_t hash(const ChainFrame& f);
  uint32_t bare_kind_of(uint32_t place);
  uint32_t add_kind(const Kind& k);
  FrameId add_rec(uint64_t ip, uint32_t kind);

  // Fixed arrays of chunk pointers: a reader never sees them move.
  std::unique_ptr<LargeArray<Rec>[]> rec_chunks_;
  std::unique_ptr<std::unique_ptr<Kind[]>[]> kind_chunks_;
  std::unique_ptr<std::unique_ptr<Place[]>[]> place_chunks_;
  size_t recs_ = 0, kinds_ = 0, places_ = 0;
  bool by_address_ = false;
  bool by_srcline_ = false;
  static int compare_by_srcline(const ChainFrame& a, const ChainFrame& b);
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
  std::vector<uint32_t> bare_kinds_;  // place -> kind id + 1 of its frames without a symbol
  IdIndex kind_index_;                // kinds by their fields
  IdIndex frame_index_;               // frames with a symbol, by address and kind
  // Frames without a symbol seen lately, by a hash of address and kind (id + 1; 0: none).
  struct RecentBare {
    uint64_t ip = 0;
    uint32_t kind = 0;
    FrameId id_plus_1 = 0;
  };
  static constexpr unsigned kRecentBareBits = 14;
  std::unique_ptr<RecentBare[]> recent_bare_;
  FrameId intern_bare(const ChainFrame& f);
};

}  // namespace cperf
