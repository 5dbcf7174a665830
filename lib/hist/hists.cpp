#include "hist/hists.h"

#include <algorithm>
#include <cinttypes>
#include <cstring>

namespace cperf {

namespace {

constexpr const char* kDots =
    "........................................................................................"
    "........................................................................................"
    "........................................................................................";

// printf "%016lx", by hand: it is part of every sample's grouping key.
std::string hex16(uint64_t v) {
  std::string s(16, '0');
  for (int i = 15; i >= 0 && v; --i, v >>= 4) s[static_cast<size_t>(i)] = "0123456789abcdef"[v & 0xf];
  return s;
}

std::string sym_text(const HistSample& s) {
  std::string out = "[";
  out += s.level;
  out += "] ";
  if (s.has_sym) {
    out += s.sym;
  } else {
    char buf[40];
    // perf: "%-#.*llx" with 16 digits of precision (no 0x for zero)
    std::snprintf(buf, sizeof(buf), s.addr ? "0x%016" PRIx64 : "%016" PRIx64, s.addr);
    out += buf;
  }
  return out;
}

const char* dso_text(const HistSample& s) { return s.has_map ? s.dso.c_str() : "[unknown]"; }

void margin(std::FILE* out, int left_margin) {
  std::fputs("            ", out);
  for (int i = 0; i < left_margin; ++i) std::fputc(' ', out);
}

std::string percent(uint64_t v, uint64_t total) {
  char buf[32];
  double p = total ? static_cast<double>(v) * 100.0 / static_cast<double>(total) : 0.0;
  std::snprintf(buf, sizeof(buf), "%.2f%%", p);
  return buf;
}

}  // namespace

std::string Hists::group_key(const HistSample& s) const {
  std::string k;
  for (SortKey key : opts_.sort) {
    switch (key) {
      case SortKey::kComm: k += s.comm; break;
      case SortKey::kPid: k += hex16(static_cast<uint32_t>(s.pid)); break;
      case SortKey::kDso: k += s.has_map ? "1" + s.dso : "0"; break;
      case SortKey::kSym:
        k += s.has_sym ? "1" + hex16(s.sym_start) + s.sym : "0" + hex16(s.addr);
        break;
    }
    k += '\x01';
  }
  return k;
}

void Hists::add(const HistSample& s, const std::vector<ChainFrame>* path) {
  auto& slot = entries_[group_key(s)];
  if (!slot) {
    slot = std::make_unique<HistEntry>();
    slot->key = s;
  }
  slot->period += s.period;
  slot->samples += 1;
  total_period_ += s.period;
  nr_samples_ += 1;
  if (path) slot->chain.append(*path, s.period);
}

std::vector<HistEntry*> Hists::sorted() {
  std::vector<HistEntry*> v;
  v.reserve(entries_.size());
  for (auto& [k, e] : entries_) v.push_back(e.get());
  auto cmp = [this](const HistEntry* a, const HistEntry* b) {
    if (a->period != b->period) return a->period > b->period;
    for (SortKey key : opts_.sort) {
      int c = 0;
      switch (key) {
        case SortKey::kComm: c = a->key.comm.compare(b->key.comm); break;
        case SortKey::kPid: c = a->key.pid < b->key.pid ? -1 : (a->key.pid > b->key.pid); break;
        case SortKey::kDso: c = std::strcmp(dso_text(a->key), dso_text(b->key)); break;
        case SortKey::kSym:
          if (a->key.has_sym && b->key.has_sym)
            c = a->key.sym.compare(b->key.sym);
          else if (a->key.has_sym != b->key.has_sym)
            c = a->key.has_sym ? -1 : 1;  // unresolved ones last
          break;
      }
      if (c) return c < 0;
    }
    return false;
  };
  std::stable_sort(v.begin(), v.end(), cmp);
  return v;
}

void Hists::compute_widths(const std::vector<HistEntry*>& entries) {
  w_comm_ = std::strlen("Command");
  w_dso_ = std::strlen("Shared Object");
  w_sym_ = std::strlen("Symbol");
  w_pid_ = std::strlen("Pid:Command");
  for (const HistEntry* e : entries) {
    w_comm_ = std::max(w_comm_, e->key.comm.size());
    if (e->key.has_map)
      w_dso_ = std::max(w_dso_, e->key.dso.size());
    else
      w_dso_ = std::max<size_t>(w_dso_, 16);
    w_sym_ = std::max(w_sym_, e->key.has_sym ? e->key.sym.size() + 4 : size_t{22});
    w_pid_ = std::max(w_pid_, e->key.comm.size() + 8);
  }
}

std::string Hists::format_entry(const HistEntry& e) const {
  std::string line;
  char buf[64];
  std::snprintf(buf, sizeof(buf), "  %7.2f%%",
                total_period_ ? static_cast<double>(e.period) * 100.0 / static_cast<double>(total_period_) : 0.0);
  line += buf;
  if (opts_.show_nr_samples) {
    std::snprintf(buf, sizeof(buf), "  %12" PRIu64, e.samples);
    line += buf;
  }
  if (opts_.show_total_period) {
    std::snprintf(buf, sizeof(buf), "  %12" PRIu64, e.period);
    line += buf;
  }
  auto pad = [&](const std::string& s, size_t w) {
    line += "  ";
    line += s;
    if (s.size() < w) line.append(w - s.size(), ' ');
  };
  for (size_t i = 0; i < opts_.sort.size(); ++i) {
    bool last = i + 1 == opts_.sort.size();
    switch (opts_.sort[i]) {
      case SortKey::kComm: pad(e.key.comm, w_comm_); break;
      case SortKey::kPid: {
        std::snprintf(buf, sizeof(buf), "%7d:", e.key.pid);
        pad(buf + e.key.comm, w_pid_);
        break;
      }
      case SortKey::kDso: pad(dso_text(e.key), w_dso_); break;
      // The symbol column pads itself only when another column follows (perf's alignment).
      case SortKey::kSym: pad(sym_text(e.key), last ? 0 : w_sym_); break;
    }
  }
  return line;
}

void Hists::print(std::FILE* out, bool show_header) {
  std::vector<HistEntry*> entries = sorted();
  compute_widths(entries);
  if (show_header) {
    std::string h = "# Overhead", d = "# ........";
    auto col = [&](const char* name, size_t w) {
      h += "  ";
      h += name;
      if (std::strlen(name) < w) h.append(w - std::strlen(name), ' ');
      d += "  ";
      d.append(std::string(kDots, std::min(w, std::strlen(kDots))));
    };
    if (opts_.show_nr_samples) {
      h += "       Samples";
      d += "  ............";
    }
    if (opts_.show_total_period) {
      h += "        Period";
      d += "  ............";
    }
    for (SortKey key : opts_.sort) {
      switch (key) {
        case SortKey::kComm: col("Command", w_comm_); break;
        case SortKey::kPid: col("Pid:Command", w_pid_); break;
        case SortKey::kDso: col("Shared Object", w_dso_); break;
        case SortKey::kSym: col("Symbol", w_sym_); break;
      }
    }
    std::fprintf(out, "%s\n%s\n#\n", h.c_str(), d.c_str());
  }
  bool chains = opts_.use_callchain && opts_.mode != ChainMode::kNone;
  uint64_t min_hit = static_cast<uint64_t>(static_cast<double>(total_period_) * (opts_.chain_min_percent / 100.0));
  for (HistEntry* e : entries) {
    double pct = total_period_ ? static_cast<double>(e->period) * 100.0 / static_cast<double>(total_period_) : 0;
    if (static_cast<float>(pct) < static_cast<float>(opts_.percent_limit)) continue;
    std::fprintf(out, "%s\n", format_entry(*e).c_str());
    if (!chains) continue;
    switch (opts_.mode) {
      case ChainMode::kGraph:
        e->chain.sort_graph(min_hit);
        print_graph(out, *e);
        break;
      case ChainMode::kFractal:
        e->chain.sort_graph_rel(opts_.chain_min_percent / 100.0);
        print_graph(out, *e);
        break;
      case ChainMode::kFlat:
        print_folded(out, *e, true);
        break;
      case ChainMode::kFolded:
        print_folded(out, *e, false);
        break;
      case ChainMode::kNone:
        break;
    }
  }
}

void Hists::print_graph_level(std::FILE* out, const ChainNode& node, uint64_t total, int depth,
                              int depth_mask, int left_margin) const {
  int new_mask = depth_mask;
  uint64_t remaining = total;
  bool rel = opts_.mode == ChainMode::kFractal;
  for (size_t n = 0; n < node.sorted.size(); ++n) {
    const ChainNode& child = *node.sorted[n];
    remaining -= child.cumul_hits();
    bool last = n + 1 == node.sorted.size();
    if (last && (!rel || !remaining)) new_mask &= ~(1 << (depth - 1));
    margin(out, left_margin);
    for (int i = 0; i < depth; ++i) std::fputs(depth_mask & (1 << i) ? "|          " : "           ", out);
    std::fputc('\n', out);
    for (size_t k = 0; k < child.val.size(); ++k) {
      margin(out, left_margin);
      for (int i = 0; i < depth; ++i) {
        std::fputc(new_mask & (1 << i) ? '|' : ' ', out);
        if (k == 0 && i == depth - 1)
          std::fprintf(out, "--%s--", percent(child.cumul_hits(), total).c_str());
        else
          std::fputs("          ", out);
      }
      std::fprintf(out, "%s\n", child.val[k].name.c_str());
    }
    uint64_t new_total = rel ? child.children_hit : total;
    print_graph_level(out, child, new_total, depth + 1, new_mask | (1 << depth), left_margin);
  }
  if (rel && remaining && remaining != total) {
    new_mask &= ~(1 << (depth - 1));
    margin(out, left_margin);
    for (int i = 0; i < depth; ++i) {
      std::fputc(new_mask & (1 << i) ? '|' : ' ', out);
      if (i == depth - 1)
        std::fprintf(out, "--%s--", percent(remaining, total).c_str());
      else
        std::fputs("          ", out);
    }
    std::fputs("[...]\n", out);
  }
}

void Hists::print_graph(std::FILE* out, HistEntry& e) const {
  const ChainNode* root = &e.chain.root();
  uint64_t total = total_period_;
  uint64_t parent = e.period;
  int left_margin = 0;
  bool printed = false;
  long pos_before = std::ftell(out);
  bool wrote = false;
  if (root->sorted.size() == 1 && root->sorted[0]->cumul_hits() == parent) {
    const ChainNode* only = root->sorted[0];
    for (size_t i = 0; i < only->val.size(); ++i) {
      if (i == 0 && opts_.sort_starts_with_sym) continue;
      if (!printed) {
        margin(out, left_margin);
        std::fputs("|\n", out);
        margin(out, left_margin);
        std::fputs("---", out);
        left_margin += 3;
        printed = true;
      } else {
        margin(out, left_margin);
      }
      std::fprintf(out, "%s\n", only->val[i].name.c_str());
      wrote = true;
    }
    root = only;
  }
  if (opts_.mode == ChainMode::kFractal) total = parent;
  if (!root->sorted.empty()) wrote = true;
  print_graph_level(out, *root, total, 1, 1, left_margin);
  (void)pos_before;
  if (wrote) std::fputc('\n', out);
}

void Hists::print_folded(std::FILE* out, const HistEntry& e, bool flat) const {
  uint64_t min_hit = static_cast<uint64_t>(static_cast<double>(total_period_) * (opts_.chain_min_percent / 100.0));
  for (const ChainNode* n : e.chain.sort_flat(min_hit)) {
    std::vector<const ChainNode*> up;
    for (const ChainNode* p = n; p && p->parent; p = p->parent) up.push_back(p);
    if (flat) {
      std::fprintf(out, "           %s\n", percent(n->hit, total_period_).c_str());
      for (auto it = up.rbegin(); it != up.rend(); ++it)
        for (const ChainFrame& f : (*it)->val) std::fprintf(out, "                %s\n", f.name.c_str());
      std::fputc('\n', out);
    } else {
      std::fprintf(out, "%s ", percent(n->hit, total_period_).c_str());
      bool first = true;
      for (auto it = up.rbegin(); it != up.rend(); ++it)
        for (const ChainFrame& f : (*it)->val) {
          std::fprintf(out, "%s%s", first ? "" : ";", f.name.c_str());
          first = false;
        }
      std::fputc('\n', out);
    }
  }
}

}  // namespace cperf
