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

int FrameTable::compare_by_srcline(const ChainFrame& a, const ChainFrame& b) {
  if (!a.srcline.unset() && !b.srcline.unset()) {
    int c = a.srcline.compare(b.srcline);
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  if (a.srcline.unset() != b.srcline.unset()) return a.srcline.unset() ? 1 : -1;
  return compare_frames(a, b);
}

const char* frame_text(const ChainFrame& f, char (&buf)[20]) {
  if (!f.name.unset()) return f.name.c_str();
  std::snprintf(buf, sizeof buf, "%#" PRIx64, f.ip);
  return buf;
}

FrameTable::FrameTable()
    : rec_chunks_(new LargeArray<Rec>[kMaxRecChunks]),
      kind_chunks_(new std::unique_ptr<Kind[]>[kMaxKindChunks]),
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
  return Place{f.map, f.symbols, f.dso, f.dso_order, f.has_map, f.origin};
}

ChainFrame FrameTable::frame_at(const Place& p, uint64_t ip) {
  ChainFrame f;
  f.ip = ip;
  f.dso_order = p.dso_order;
  f.has_map = p.has_map;
  f.origin = p.origin;
  f.dso = p.dso;
  f.map = p.map;
  f.symbols = p.symbols;
  return f;
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

ChainFrame FrameTable::operator[](FrameId id) const {
  const Rec& r = rec(id);
  const Kind& k = kind(r.kind);
  ChainFrame f = frame_at(place(k.place), r.ip);
  f.has_sym = k.has_sym;
  f.inlined = k.inlined;
  f.sym_start = k.sym_start;
  f.sym_end = k.sym_end;
  f.sym = k.sym;
  f.name = k.name;
  f.srcline = k.srcline;
  return f;
}

void FrameTable::IdIndex::grow() {
  LargeArray<Slot> old = std::move(slots_);
  slots_ = LargeArray<Slot>(old.empty() ? 4096 : old.size() * 2);
  size_t mask = slots_.size() - 1;
  for (const Slot& s : old) {
    if (!s.id_plus_1) continue;
    size_t i = s.hash & mask;
    while (slots_[i].id_plus_1) i = (i + 1) & mask;
    slots_[i] = s;
  }
}

uint32_t FrameTable::add_kind(const Kind& k) {
  size_t chunk = kinds_ >> kKindChunkBits;
  if (chunk >= kMaxKindChunks) throw std::bad_alloc();  // 2^24 symbols: out of memory
  if (!kind_chunks_[chunk]) kind_chunks_[chunk] = std::make_unique<Kind[]>(size_t{1} << kKindChunkBits);
  kind_chunks_[chunk][kinds_ & kKindChunkMask] = k;
  return static_cast<uint32_t>(kinds_++);
}

FrameId FrameTable::add_rec(uint64_t ip, uint32_t kind) {
  size_t chunk = recs_ >> kRecChunkBits;
  // 2^32 - 1 frames (id + 1 must fit an index slot): reported as out of memory.
  if (chunk >= kMaxRecChunks || recs_ == UINT32_MAX) throw std::bad_alloc();
  if (rec_chunks_[chunk].empty()) rec_chunks_[chunk] = LargeArray<Rec>(size_t{1} << kRecChunkBits);
  rec_chunks_[chunk][recs_ & kRecChunkMask] = Rec{ip, kind};
  return static_cast<FrameId>(recs_++);
}

uint32_t FrameTable::bare_kind_of(uint32_t p) {
  if (p >= bare_kinds_.size()) bare_kinds_.resize(p + 1, 0);
  if (!bare_kinds_[p]) bare_kinds_[p] = add_kind(Kind{0, 0, p, place(p).dso_order, false, false, {}, {}, {}}) + 1;
  return bare_kinds_[p] - 1;
}

bool FrameTable::same_symbol_part(const Kind& k, const ChainFrame& f) {
  return k.sym_start == f.sym_start && k.sym_end == f.sym_end && k.has_sym == f.has_sym &&
         k.inlined == f.inlined && k.sym.ptr() == f.sym.ptr() && k.name.ptr() == f.name.ptr() &&
         k.srcline.ptr() == f.srcline.ptr();
}

uint32_t FrameTable::kind_of(const ChainFrame& f) {
  uint32_t p = place_of(f);
  size_t h = mix(mix(0, f.sym_start), p);
  h = mix(h, reinterpret_cast<uintptr_t>(f.name.ptr()));
  h = mix(h, reinterpret_cast<uintptr_t>(f.srcline.ptr()));
  return kind_index_.find_or_add(
      static_cast<uint32_t>(h ^ (h >> 32)), [&](uint32_t id) { return kind(id).place == p && same_symbol_part(kind(id), f); },
      [&] { return add_kind(Kind{f.sym_start, f.sym_end, p, f.dso_order, f.has_sym, f.inlined, f.sym, f.name, f.srcline}); });
}

FrameId FrameTable::intern_bare(const ChainFrame& f) {
  uint32_t k = bare_kind_of(place_of(f));
  if (!recent_bare_) recent_bare_ = std::make_unique<RecentBare[]>(size_t{1} << kRecentBareBits);
  RecentBare& r = recent_bare_[mix(mix(0, f.ip), k) >> (64 - kRecentBareBits)];
  if (r.id_plus_1 && r.ip == f.ip && r.kind == k) return r.id_plus_1 - 1;
  FrameId id = add_rec(f.ip, k);
  r = RecentBare{f.ip, k, id + 1};
  return id;
}

FrameId FrameTable::intern(const ChainFrame& f) {
  if (is_unsym(f)) return intern_bare(f);
  // Looked up by the frame's own fields first: a frame seen before costs one probe.
  uint64_t h = hash(f);
  auto same = [&](FrameId id) {
    const Rec& r = rec(id);
    const Kind& k = kind(r.kind);
    return r.ip == f.ip && same_symbol_part(k, f) && PlaceEq()(place(k.place), place_part(f));
  };
  return frame_index_.find_or_add(static_cast<uint32_t>(h ^ (h >> 32)), same,
                                  [&] { return add_rec(f.ip, kind_of(f)); });
}

}  // namespace cperf
