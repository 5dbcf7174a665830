// perf script's -F brstackinsn (brstackinsnlen, brstackdisasm): the code of every block between
// two branches of a sample's branch stack, walked instruction by instruction from the dso
// file, oldest block first, then the block from the last branch up to the sample. perf 7.2 as
// Debian builds it has no capstone, so each instruction shows as its bytes ("insn: 48 89 e5 ")
// from its x86 decoder, brstackdisasm included; the branch that ends a block gets its flags
// and cycles, and the instructions/cycles ratio of the block.
#include <cinttypes>
#include <cstdio>

#include "arch/x86/insn_branch.h"
#include "arch/x86/insn_length.h"
#include "format/branch_flags.h"
#include "script/script_tool.h"

namespace cperf {

namespace {

constexpr uint64_t kMaxBlock = 16384;  // perf's MAXBB: the longest block it reads
constexpr uint64_t kMaxInsn = 15;      // the longest x86 instruction
constexpr int kCrossesRing = -1;       // a block from user code into the kernel or back

struct Entry {
  uint64_t from, to;
  BranchFlags flags;
};

}  // namespace

// One walk's state: the mode and word size of the code last read, the symbol last named.
struct ScriptTool::BlockWalk {
  const Thread& thread;
  int type;
  uint8_t cpumode = PERF_RECORD_MISC_USER;
  bool is64 = true;
  const Symbol* last_sym = nullptr;
  int total_cycles = 0;
  std::vector<uint8_t> buf = std::vector<uint8_t>(kMaxBlock);
};

const Map* ScriptTool::walk_map(const BlockWalk& w, uint64_t addr) {
  return w.cpumode == PERF_RECORD_MISC_KERNEL ? kernel_maps_.find(addr)
                                             : machine_.find_map(w.thread, w.cpumode, addr);
}

// perf's grab_bb: the code from start to end plus one instruction's room; 0 when there is
// none (no map, a block too long or backwards, an unreadable file: the kernel's here).
int ScriptTool::read_block(BlockWalk& w, uint64_t start, uint64_t end) {
  if (!start || !end) return 0;
  bool kernel = start >> 63;
  w.cpumode = kernel ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER;
  if (kernel != static_cast<bool>(end >> 63)) return kCrossesRing;
  if (end - start > kMaxBlock - kMaxInsn) return 0;
  const Map* map = walk_map(w, start);
  if (!map || !map->dso || map->dso->kernel) return 0;
  const DsoSymbols* d = symbols_.user_file(map);
  if (!d || d->runtime_path().empty()) return 0;
  return static_cast<int>(insn_.read(d->runtime_path(), map->map_ip(start), w.buf.data(),
                                     end - start + kMaxInsn, w.is64));
}

// perf's ip__fprintf_sym: "\tNAME+OFF:" when addr enters another symbol.
void ScriptTool::walk_symbol(TextLine& out, BlockWalk& w, uint64_t addr) {
  const Map* map = walk_map(w, addr);
  uint64_t a = map ? map->map_ip(addr) : addr;
  if (w.last_sym && a >= w.last_sym->start && a < w.last_sym->end) return;
  const Symbol* sym = map ? symbols_.find(map, a).sym : nullptr;
  if (!sym) return;
  int64_t off = a < sym->end ? a - sym->start : a - map->start - sym->start;
  out.put('\t').put(sym->name);
  if (off) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%+d", static_cast<int>(off));
    out.put(buf);
  }
  out.put(':');
  if (fields_.has(w.type, kFieldSrcline)) put_srcline(out, map, addr, nullptr, "\t");
  out.put('\n');
  w.last_sym = sym;
}

// -F srccode under an instruction of the walk.
void ScriptTool::walk_srccode(TextLine& out, BlockWalk& w, uint64_t ip) {
  if (fields_.has(w.type, kFieldSrccode) && put_srccode(out, walk_map(w, ip), ip, w.thread))
    out.put('\n');
}

// The instruction at code as perf's x86 dump_insn shows it; *len its length, 0 when bad.
static std::string dump_insn(const uint8_t* code, int size, bool is64, int* len) {
  int n = size > 0 ? x86_insn_length(code, static_cast<size_t>(size), is64) : 0;
  *len = n;
  if (!n) return "<bad>";
  std::string s = "insn: ";
  char b[4];
  for (int i = 0; i < n; ++i) {
    std::snprintf(b, sizeof b, "%02x ", code[i]);
    s += b;
  }
  return s;
}

// An instruction inside a block: "\tADDRESS\tinsn: BYTES [\tilen: N]". Returns its length.
int ScriptTool::walk_insn(TextLine& out, BlockWalk& w, uint64_t ip, const uint8_t* code, int size) {
  int len = 0;
  char head[24];
  std::snprintf(head, sizeof head, "\t%016" PRIx64 "\t", ip);
  out.put(head).put(dump_insn(code, size, w.is64, &len));
  if (fields_.has(w.type, kFieldBrstackInsnLen)) out.put("\tilen: ").put(std::to_string(len));
  out.put('\n');
  return len;
}

// perf's ip__fprintf_jump: the branch that ends a block, with its flags and cycles; insns is
// the block's instruction count (0: unknown).
void ScriptTool::walk_jump(TextLine& out, BlockWalk& w, uint64_t ip, const BranchFlags& f,
                           const uint8_t* code, int size, int insns) {
  int len = 0;
  char buf[64];
  std::snprintf(buf, sizeof buf, "\t%016" PRIx64 "\t", ip);
  std::string text = dump_insn(code, size, w.is64, &len);
  out.put(buf).put(text);
  if (text.size() < 30) out.pad(static_cast<int>(30 - text.size()));
  out.put('\t');
  if (fields_.has(w.type, kFieldBrstackInsnLen)) out.put("ilen: ").put(std::to_string(len)).put('\t');
  if (fields_.has(w.type, kFieldSrcline)) {
    put_srcline(out, walk_map(w, ip), ip, nullptr, " srcline: ");
    out.put('\t');
  }
  out.put('#');
  if (f.predicted) out.put(" PRED");
  if (f.mispred) out.put(" MISPRED");
  if (f.in_tx) out.put(" INTX");
  if (f.abort) out.put(" ABORT");
  if (f.cycles) {
    w.total_cycles += f.cycles;
    std::snprintf(buf, sizeof buf, " %d cycles [%d]", f.cycles, w.total_cycles);
    out.put(buf);
    if (insns) {
      std::snprintf(buf, sizeof buf, " %.2f IPC", static_cast<float>(insns) / f.cycles);
      out.put(buf);
    }
  }
  out.put('\n');
}

void ScriptTool::print_brstackinsn(TextLine& out, const Thread& t, const perf_event_attr& attr,
                                   const DecodedSample& ds, int type, bool swap) {
  if (!ds.branch_nr) return;
  std::vector<Entry> e;
  ByteReader r(ds.branch_entries, swap);
  for (uint64_t i = 0; i < ds.branch_nr; ++i) {
    uint64_t from = r.u64(), to = r.u64();
    e.push_back({from, to, decode_branch_flags(r.u64())});
  }
  int nr = static_cast<int>(e.size());
  if (opts_.max_blocks > 0 && nr > opts_.max_blocks + 1) nr = opts_.max_blocks + 1;
  BlockWalk w{t, type};
  out.put('\n');
  // The oldest branch: its block's start is unknown, only the branch itself is shown.
  int len = read_block(w, e[nr - 1].from, e[nr - 1].from);
  if (len > 0) {
    walk_symbol(out, w, e[nr - 1].from);
    walk_jump(out, w, e[nr - 1].from, e[nr - 1].flags, w.buf.data(), len, 0);
    walk_srccode(out, w, e[nr - 1].from);
  }
  for (int i = nr - 2; i >= 0; --i) {
    uint64_t start = e[i + 1].to, end = e[i].from;
    len = read_block(w, start, end);
    // A branch into the kernel the stack does not hold (filtered by ring): the block runs on
    // to the next branch.
    if (len == kCrossesRing && i > 0) {
      end = e[--i].from;
      len = read_block(w, start, end);
    }
    if (len <= 0) continue;
    int insns = 0;
    uint64_t off = 0;
    for (int ilen = 0; off < static_cast<uint64_t>(len); off += ilen) {
      uint64_t ip = start + off;
      walk_symbol(out, w, ip);
      if (ip == end) {
        walk_jump(out, w, ip, e[i].flags, w.buf.data() + off, len - static_cast<int>(off), ++insns);
        walk_srccode(out, w, ip);
        break;
      }
      ilen = walk_insn(out, w, ip, w.buf.data() + off, len - static_cast<int>(off));
      if (!ilen) break;
      walk_srccode(out, w, ip);
      ++insns;
    }
    if (off != end - start) out.put("\tmismatch of LBR data and executable\n");
  }
  // The last branch was the sample's instruction, or aborted: no code ran after it.
  if (e[0].from == ds.ip || e[0].flags.abort) return;
  // The block from the last branch up to the sample; an ip before its start means branches
  // went missing: 128 bytes from the start then, up to the first jump.
  uint64_t start = e[0].to, end = ds.ip;
  if (end < start) end = start + 128;
  len = read_block(w, start, end);
  walk_symbol(out, w, start);
  if (len <= 0) {  // at least the sample's instruction
    len = read_block(w, ds.ip, ds.ip);
    if (len > 0) {
      walk_insn(out, w, ds.ip, w.buf.data(), len);
      walk_srccode(out, w, ds.ip);
    }
    return;
  }
  bool any_branch = attr.branch_sample_type == 0 || (attr.branch_sample_type & PERF_SAMPLE_BRANCH_ANY);
  for (uint64_t off = 0; off <= end - start;) {
    const uint8_t* code = w.buf.data() + off;
    int left = len - static_cast<int>(off);
    int ilen = walk_insn(out, w, start + off, code, left);
    if (!ilen) break;
    if (any_branch && x86_insn_is_uncond_branch(code, static_cast<size_t>(left), w.is64) &&
        start + off != ds.ip) {
      out.put("\t... not reaching sample ...\n");
      break;
    }
    walk_srccode(out, w, start + off);
    off += ilen;
  }
}

}  // namespace cperf
