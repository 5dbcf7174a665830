#include "hist/frame_table.h"

#include <cinttypes>
#include <cstdio>
#include <new>

namespace cperf {

namespace {

template <typename T>
int three_way(T a, T b) {
  return a < b ? -1 : (a > b ? 1 : 0);
}

size_t mix(size_t h, uint64_t v) { return (h ^ v) * 0x9e3779b97f4a7c15ull; }

}  // namespace

int compare_frames(const ChainFrame& a, const ChainFrame& b) {
  if (a.has_sym && b.has_sym) {
    if (a.inlined || b.inlined) {
      int c = a.sym.compare(b.sym);
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    if (a.dso_order != b.dso_order) return three_way(a.dso_order, b.dso_order);
    return three_way(a.sym_start, b.sym_start);
  }
  if (a.dso_order != b.dso_order) return three_way(a.dso_order, b.dso_order);
  return three_way(a.ip, b.ip);
}

const char* frame_text(const ChainFrame& f, char (&buf)[20]) {
  if (!f.name.unset()) return f.name.c_str();
  std::snprintf(buf, sizeof buf, "%#" PRIx64, f.ip);
  return buf;
}

FrameTable::FrameTable()
    : chunks_(new std::unique_ptr<Rest[]>[kMaxChunks]),
      keys_(new std::unique_ptr<Key[]>[kMaxChunks]),
      unsym_chunks_(new std::unique_ptr<Unsym[]>[kMaxUnsymChunks]),
      place_chunks_(new std::unique_ptr<Place[]>[kMaxPlaceChunks]) {
  place_of(ChainFrame());  // place 0: no map
}

bool FrameTable::is_unsym(const ChainFrame& f) {
  return !f.has_sym && !f.inlined && f.sym_start == 0 && f.sym_end == 0 && f.sym.unset() && f.name.unset() &&
         f.srcline.unset();
}

size_t FrameTable::PlaceHash::operator()(const Place& p) const {
  size_t h = mix(0, reinterpret_cast<uintptr_t>(p.map));
  h = mix(h, reinterpret_cast<uintptr_t>(p.symbols));
  h = mix(h, reinterpret_cast<uintptr_t>(p.dso.ptr()));
  return mix(h, p.dso_order * 2 + p.has_map);
}

bool FrameTable::PlaceEq::operator()(const Place& a, const Place& b) const {
  return a.map == b.map && a.symbols == b.symbols && a.dso.ptr() == b.dso.ptr() && a.dso_order == b.dso_order &&
         a.has_map == b.has_map;
}

uint32_t FrameTable::place_of(const ChainFrame& f) {
  Place p = place_part(f);
  if (places_ && PlaceEq()(p, last_place_)) return last_place_index_;
  auto [it, fresh] = place_index_.try_emplace(p, static_cast<uint32_t>(places_));
  if (fresh) {
    size_t chunk = places_ >> kPlaceChunkBits;
    if (chunk >= kMaxPlaceChunks) throw std::bad_alloc();
    if (!place_chunks_[chunk]) place_chunks_[chunk] = std::make_unique<Place[]>(size_t{1} << kPlaceChunkBits);
    place_chunks_[chunk][places_ & ((size_t{1} << kPlaceChunkBits) - 1)] = p;
    ++places_;
  }
  last_place_ = p;
  last_place_index_ = it->second;
  return it->second;
}

FrameTable::Place FrameTable::place_part(const ChainFrame& f) {
  return Place{f.map, f.symbols, f.dso, f.dso_order, f.has_map};
}

ChainFrame FrameTable::frame_at(const Place& p, uint64_t ip) {
  ChainFrame f;
  f.ip = ip;
  f.dso_order = p.dso_order;
  f.has_map = p.has_map;
  f.dso = p.dso;
  f.map = p.map;
  f.symbols = p.symbols;
  return f;
}

ChainFrame FrameTable::unsym_frame(FrameId id) const {
  const Unsym& u = unsym(id);
  return frame_at(place(u.place), u.ip);
}

FrameTable::~FrameTable() = default;

uint64_t FrameTable::hash(const ChainFrame& f) {
  uint64_t h = mix(0, f.ip);
  h = mix(h, reinterpret_cast<uintptr_t>(f.map));
  h = mix(h, f.sym_start);
  h = mix(h, reinterpret_cast<uintptr_t>(f.name.ptr()));
  h = mix(h, reinterpret_cast<uintptr_t>(f.srcline.ptr()));
  return h ^ (h >> 29);
}

ChainFrame FrameTable::interned_frame(FrameId id) const {
  const Key& k = keys_[id >> kChunkBits][id & kChunkMask];
  const Rest& r = rest(id);
  ChainFrame f = frame_at(place(r.place), k.ip);
  f.has_sym = k.has_sym;
  f.inlined = k.inlined;
  f.sym_start = k.sym_start;
  f.sym_end = r.sym_end;
  f.sym = r.sym;
  f.name = r.name;
  f.srcline = r.srcline;
  return f;
}

bool FrameTable::same(FrameId id, const ChainFrame& f) const {
  const Key& k = keys_[id >> kChunkBits][id & kChunkMask];
  const Rest& r = rest(id);
  if (k.ip != f.ip || k.sym_start != f.sym_start || k.has_sym != f.has_sym || k.inlined != f.inlined ||
      r.sym_end != f.sym_end || r.sym.ptr() != f.sym.ptr() || r.name.ptr() != f.name.ptr() ||
      r.srcline.ptr() != f.srcline.ptr())
    return false;
  return PlaceEq()(place(r.place), place_part(f));
}

void FrameTable::grow_index() {
  std::vector<Slot> old = std::move(index_);
  index_.assign(old.empty() ? 4096 : old.size() * 2, Slot{});
  size_t mask = index_.size() - 1;
  for (const Slot& s : old) {
    if (!s.id_plus_1) continue;
    size_t i = s.hash & mask;
    while (index_[i].id_plus_1) i = (i + 1) & mask;
    index_[i] = s;
  }
}

FrameId FrameTable::intern(const ChainFrame& f) {
  if (is_unsym(f)) {
    size_t chunk = unsym_size_ >> kUnsymChunkBits;
    if (chunk >= kMaxUnsymChunks) throw std::bad_alloc();  // 2^31 frames: out of memory
    if (!unsym_chunks_[chunk]) unsym_chunks_[chunk] = std::make_unique<Unsym[]>(size_t{1} << kUnsymChunkBits);
    uint32_t p = place_of(f);
    unsym_chunks_[chunk][unsym_size_ & kUnsymChunkMask] = Unsym{f.ip, p};
    return static_cast<FrameId>(unsym_size_++) | kUnsymBit;
  }
  if ((size_ + 1) * 4 > index_.size() * 3) grow_index();
  uint64_t full = hash(f);
  auto h = static_cast<uint32_t>(full ^ (full >> 32));
  size_t mask = index_.size() - 1;
  size_t i = h & mask;
  for (; index_[i].id_plus_1; i = (i + 1) & mask)
    if (index_[i].hash == h && same(index_[i].id_plus_1 - 1, f)) return index_[i].id_plus_1 - 1;
  size_t chunk = size_ >> kChunkBits;
  if (chunk >= kMaxChunks) throw std::bad_alloc();  // 2^28 distinct frames: reported as out of memory
  if (!chunks_[chunk]) {
    chunks_[chunk] = std::make_unique<Rest[]>(size_t{1} << kChunkBits);
    keys_[chunk] = std::make_unique<Key[]>(size_t{1} << kChunkBits);
  }
  FrameId id = static_cast<FrameId>(size_);
  chunks_[chunk][id & kChunkMask] = Rest{f.sym_end, place_of(f), f.sym, f.name, f.srcline};
  keys_[chunk][id & kChunkMask] = Key{f.ip, f.sym_start, f.dso_order, f.has_sym, f.inlined};
  ++size_;
  index_[i] = Slot{h, id + 1};
  return id;
}

}  // namespace cperf
