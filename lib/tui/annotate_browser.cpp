#include "tui/annotate_browser.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "annotate/data_type_insn.h"
#include "tui/popups.h"
#include "tui/terminal.h"

namespace cperf {

const char* const kAnnotateHelp =
    "UP/DOWN/PGUP\n"
    "PGDN/SPACE    Navigate\n"
    "</>           Move to prev/next symbol\n"
    "q/ESC/CTRL+C  Exit\n"
    "\n"
    "ENTER         Go to target\n"
    "H             Go to hottest instruction\n"
    "TAB/shift+TAB Cycle thru hottest instructions\n"
    "j             Toggle showing jump to target arrows\n"
    "J             Toggle showing number of jump sources on targets\n"
    "n             Search next string\n"
    "o             Toggle disassembler output/simplified view\n"
    "O             Bump offset level (jump targets -> +call -> all -> cycle thru)\n"
    "s             Toggle source code view\n"
    "t             Circulate percent, total period, samples view\n"
    "c             Show min/max cycle\n"
    "/             Search string\n"
    "k             Toggle line numbers\n"
    "l             Show full source file location\n"
    "P             Print to [symbol_name].annotation file.\n"
    "r             Run available scripts\n"
    "p             Toggle percent type [local/global]\n"
    "b             Toggle percent base [period/hits]\n"
    "B             Branch counter abbr list (Optional)\n"
    "?             Search string backwards\n"
    "f             Toggle showing offsets to full address\n"
    "T             Toggle data type display\n";

namespace {

constexpr int kCtrlC = 3;

// perf's switch_percent_type: 'p' swaps local and global, 'b' (base) period and hits.
PercentType switch_percent_type(PercentType t, bool base) {
  switch (t) {
    case PercentType::kLocalHits: return base ? PercentType::kLocalPeriod : PercentType::kGlobalHits;
    case PercentType::kGlobalHits: return base ? PercentType::kGlobalPeriod : PercentType::kLocalHits;
    case PercentType::kLocalPeriod: return base ? PercentType::kLocalHits : PercentType::kGlobalPeriod;
    case PercentType::kGlobalPeriod: return base ? PercentType::kGlobalHits : PercentType::kLocalPeriod;
  }
  return t;
}
constexpr size_t kTitleRows = 2;  // the histogram title and the symbol's

// The rows of instructions a screen of `rows` lines shows (perf's ui_browser rows) and the
// height perf centres the hottest line in.
size_t list_rows(size_t rows) { return rows > kTitleRows + 1 ? rows - kTitleRows - 1 : 1; }
size_t half_height(size_t rows) { return rows > 2 ? (rows - 2) / 2 : 0; }

// The arrow perf draws before an instruction, and whether there is one.
char32_t arrow_of(const DisasmInsn& d, int64_t offset) {
  switch (d.kind) {
    case InsnKind::kJump:
      if (d.outside) return 0x2192;                          // →
      return d.target_offset > offset ? 0x2193 : 0x2191;     // ↓ ↑
    case InsnKind::kCall: return 0x2192;
    case InsnKind::kRet: return 0x2190;                      // ←
    default: return 0;
  }
}

}  // namespace

AnnotateBrowser::AnnotateBrowser(const AnnotateView& v, AnnotateToggles* toggles)
    : v_(v), opt_(toggles ? toggles : &own_) {
  nav_.waits_for_nav = true;
  if (!opt_->percent_set) {
    opt_->percent = v_.percent;
    opt_->percent_set = true;
  }
  set_percent(opt_->percent);
  for (size_t i = 0; i < v_.a.lines.size(); ++i)
    if (v_.a.lines[i].offset >= 0) asm_.push_back(i);
  for (int j : v_.n.jump_sources) max_jump_sources_ = std::max(max_jump_sources_, j);
  // perf orders the hot lines once, by the percent type of the browser's start
  for (size_t k = 0; k < asm_.size(); ++k)
    if (max_percent_[asm_[k]] >= 0.01) hot_.push_back(k);
  // perf's tree of hot lines: by each event's percentage in turn; equal lines keep their order
  std::stable_sort(hot_.begin(), hot_.end(), [&](size_t x, size_t y) {
    for (const auto& col : cols_) {
      double px = col[asm_[x]].percent, py = col[asm_[y]].percent;
      if (px != py) return px < py;
    }
    return false;
  });
}

// The values of every line for percent type t (perf keeps all four and shows one); the
// largest of a line's columns says whether it has any.
void AnnotateBrowser::set_percent(PercentType t) {
  opt_->percent = t;
  cols_ = t == v_.percent ? v_.n.columns : column_values(v_.a, t);
  max_percent_.assign(v_.a.lines.size(), 0);
  for (const auto& col : cols_)
    for (size_t i = 0; i < col.size() && i < max_percent_.size(); ++i) max_percent_[i] = std::max(max_percent_[i], col[i].percent);
}

int AnnotateBrowser::pcnt_width() const {
  return (opt_->values == Values::kPeriod ? 12 : 8) * static_cast<int>(cols_.size());
}

int AnnotateBrowser::jumps_width() const {
  if (max_jump_sources_ >= 100) return 5;
  return max_jump_sources_ >= 10 ? 2 : 1;
}

// With 'o' perf sizes the column by the symbol's end in its own addresses but prints objdump's
// (longer for an executable's file offsets: the jump line then runs over the address).
int AnnotateBrowser::target_width() const {
  if (opt_->use_offset) return v_.n.addr_width;
  if (opt_->full_addr) return 16;
  uint64_t end = v_.sym_end ? v_.sym_end : v_.a.objdump_start + v_.a.size;
  int n = 1;
  while (end >>= 4) ++n;
  return n;
}

int AnnotateBrowser::addr_width() const { return target_width() + (opt_->show_nr_jumps ? jumps_width() + 1 : 0); }

// The line at idx selected, half a screen of lines above it shown when there are.
void AnnotateBrowser::set_top(size_t idx, size_t rows) {
  nav_.index = idx;
  size_t back = half_height(rows);
  nav_.top = idx > back ? idx - back : 0;
  nav_.nav_pressed = true;
}

void AnnotateBrowser::go_hot(size_t h, size_t rows) {
  hot_pos_ = static_cast<long>(h);
  set_top(hot_[h], rows);
}

void AnnotateBrowser::draw_title(Canvas& c) const {
  c.write(0, 0, v_.title, Color::kRoot, c.cols());
  std::string sym = v_.sym_name + "  " + v_.dso_long_name + " [Percent: " + percent_type_name(percent()) + "]";
  c.write(1, 0, sym, Color::kRoot, c.cols());
}

// perf's annotation_line__write of an instruction: its values (or blanks; the first row names
// the column instead), a blank, the offset of a jump target, the arrow and the instruction,
// padded to the browser's width; all in the colour of the last value.
void AnnotateBrowser::write_line(Canvas& c, int row, size_t idx, bool first, int width) const {
  const size_t i = asm_[idx];
  const bool current = idx == nav_.index;
  const bool selected = current && nav_.selection_shown();
  const int pw = pcnt_width();
  int col = 0;
  Color color = selected ? Color::kSelected : Color::kNormal;
  char buf[64];
  if (max_percent_[i] != 0) {
    for (const auto& column : cols_) {
      const LineValue& v = column[i];
      color = selected ? Color::kSelected : percent_color(v.percent);
      if (opt_->values == Values::kPeriod) std::snprintf(buf, sizeof buf, "%11" PRIu64 " ", v.period);
      else if (opt_->values == Values::kSamples) std::snprintf(buf, sizeof buf, "%7" PRIu64 " ", v.samples);
      else std::snprintf(buf, sizeof buf, "%7.2f ", v.percent);
      c.write(row, col, buf, color);
      col += static_cast<int>(std::string_view(buf).size());
    }
  } else {
    const char* label = !first                             ? " "
                        : opt_->values == Values::kPeriod  ? "Period"
                        : opt_->values == Values::kSamples ? "Samples"
                                                           : "Percent";
    c.write(row, col, label, color, pw);
    col += std::max(pw, static_cast<int>(std::string_view(label).size()));
  }
  c.write(row, col++, " ", color);
  const int64_t offset = v_.a.lines[i].offset;
  // the offset by perf's offset level; with 'J' a jump target's count before it, in the
  // colour of its share of the most jumps to a line (perf counts only the offset's cells
  // for the instruction's width, so such lines run that much further)
  const DisasmInsn& d = v_.n.insns[i];
  const int jumps = v_.n.jump_sources[i];
  std::string addr;
  if (!opt_->use_offset) {
    const uint64_t start = opt_->full_addr ? v_.sym_start : v_.a.objdump_start;
    std::snprintf(buf, sizeof buf, "%" PRIx64 ": ", start + static_cast<uint64_t>(offset));
    addr = buf;
  } else {
    if (jumps && opt_->show_nr_jumps) {
      std::snprintf(buf, sizeof buf, "%*d ", jumps_width(), jumps);
      const Color jc = selected                       ? Color::kSelected
                       : jumps == max_jump_sources_ ? Color::kTop
                       : jumps > 1                  ? Color::kMedium
                                                    : Color::kNormal;
      c.write(row, col, buf, jc);
      col += static_cast<int>(std::string_view(buf).size());
    }
    if (jumps || (d.kind == InsnKind::kCall && opt_->offset_level >= 2) || opt_->offset_level >= 3) {
      std::snprintf(buf, sizeof buf, "%*" PRIx64 ": ", target_width(), static_cast<uint64_t>(offset));
      addr = buf;
    } else {
      addr = std::string(static_cast<size_t>(std::max(addr_width(), 1)), ' ') + "  ";
    }
  }
  c.write(row, col, addr, color);
  col += static_cast<int>(addr.size());
  if (char32_t a = arrow_of(d, offset)) {
    c.put(row, col, a, color);
    c.write(row, col + 1, " ", color);
  } else {
    c.write(row, col, "  ", color);
  }
  col += 2;
  std::string text = opt_->use_offset ? format_insn(d, v_.n.name_width) : format_insn_raw(d, v_.n.name_width);
  const int rest = width - pw - 3 - static_cast<int>(addr.size());
  c.write(row, col, text, color, std::max(rest, static_cast<int>(text.size())));
}

// perf's line from the current jump to its target: a corner and two dashes at the jump, a
// vertical line between, a corner, a dash and an arrow at the target (only what is shown).
void AnnotateBrowser::draw_jump(Canvas& c, size_t rows) const {
  if (!opt_->jump_arrows || nav_.index >= asm_.size()) return;
  if (v_.sym_name.find("@plt") != std::string::npos) return;
  const DisasmInsn& d = v_.n.insns[asm_[nav_.index]];
  if (!is_local_jump(d, v_.a.size)) return;
  size_t to = asm_.size();
  for (size_t k = 0; k < asm_.size(); ++k)
    if (v_.a.lines[asm_[k]].offset == d.target_offset) {
      to = k;
      break;
    }
  if (to == asm_.size()) return;
  const long from = static_cast<long>(nav_.index), target = static_cast<long>(to);
  const long top = static_cast<long>(nav_.top), n = static_cast<long>(rows);
  const int col = pcnt_width() + 2 + addr_width();
  const Color k = Color::kArrow;
  auto at = [&](long r, int x, char32_t ch) { c.put(static_cast<int>(r + kTitleRows), x, ch, k); };
  auto vline = [&](long r0, long r1) {
    for (long r = r0; r <= r1; ++r) at(r, col, glyph::kVLine);
  };
  if (from > target) {
    long row;
    if (from < top + n) {
      row = from - top;
      at(row, col, glyph::kLowerLeft);
      at(row, col + 1, glyph::kHLine);
      at(row, col + 2, glyph::kHLine);
      if (row-- == 0) return;
    } else {
      row = n - 1;
    }
    long end_row = target > top ? target - top : 0;
    vline(end_row, row);
    if (target >= top) {
      at(end_row, col, glyph::kUpperLeft);
      at(end_row, col + 1, glyph::kHLine);
      at(end_row, col + 2, 0x2192);
    }
  } else {
    long row;
    if (from >= top) {
      row = from - top;
      at(row, col, glyph::kUpperLeft);
      at(row, col + 1, glyph::kHLine);
      at(row, col + 2, glyph::kHLine);
      ++row;
    } else {
      row = 0;
    }
    long end_row = target >= top + n ? n - 1 : target - top;
    vline(row, end_row);
    if (target < top + n) {
      at(end_row, col, glyph::kLowerLeft);
      at(end_row, col + 1, glyph::kHLine);
      at(end_row, col + 2, 0x2192);
    }
  }
  // the instruction fused with the jump: a tee and two dashes on its line (and a tee below
  // the corner of a forward jump)
  if (!fused(nav_.index) || from - 1 < top) return;
  const long row = from - 1 - top;
  if (target > from) {
    at(row, col, glyph::kUpperLeft);
    at(row, col + 1, glyph::kHLine);
    at(row, col + 2, glyph::kHLine);
    at(row + 1, col, glyph::kLeftTee);
  } else {
    at(row, col, glyph::kLeftTee);
    at(row, col + 1, glyph::kHLine);
    at(row, col + 2, glyph::kHLine);
  }
}

// perf's x86 macro fusion (annotate/data_type_insn.h)
bool AnnotateBrowser::fused(size_t idx) const {
  if (idx == 0) return false;
  const DisasmInsn& prev = v_.n.insns[asm_[idx - 1]];
  const std::string& first = prev.kind == InsnKind::kLock && prev.locked ? prev.locked->name : prev.name;
  return x86_insns_fused(v_.cpu, first, v_.n.insns[asm_[idx]].name);
}

void AnnotateBrowser::draw(Canvas& c) {
  const size_t rows = list_rows(static_cast<size_t>(c.rows()));
  if (!started_) {
    started_ = true;
    if (!hot_.empty()) {
      go_hot(hot_.size() - 1, static_cast<size_t>(c.rows()));
      nav_.nav_pressed = false;
    }
  }
  const bool nav = nav_.selection_shown();
  // without the scroll bar the rows take the last column too
  const int width = nav ? c.cols() - 1 : c.cols();
  size_t written = 0;
  for (size_t r = 0; r < rows && nav_.top + r < asm_.size(); ++r, ++written)
    write_line(c, static_cast<int>(r + kTitleRows), nav_.top + r, r == 0, width);
  // perf fills the rows left with blanks it writes out (a terminal keeps them as written)
  for (size_t r = written; r < rows; ++r) c.write(static_cast<int>(r + kTitleRows), 0, "", Color::kBlank, width);
  draw_jump(c, rows);
  for (size_t r = 0; r < written; ++r) c.put(static_cast<int>(r + kTitleRows), pcnt_width(), glyph::kVLine, Color::kNormal);
  if (nav) draw_scroll_bar(c, static_cast<int>(kTitleRows), c.rows() - 2, nav_, asm_.size());
  c.write(c.rows() - 1, 0, message_.empty() ? "Press 'h' for help on key bindings" : message_, Color::kPlain, c.cols());
}

Canvas AnnotateBrowser::screen(int rows, int cols) {
  Canvas c(rows, cols);
  draw_title(c);
  draw(c);
  return c;
}

AnnotateBrowser::Act AnnotateBrowser::key(int k, size_t rows) {
  message_.clear();
  if (!started_) {
    started_ = true;
    if (!hot_.empty()) {
      go_hot(hot_.size() - 1, rows);
      nav_.nav_pressed = false;
    }
  }
  if (nav_.key(k, asm_.size(), list_rows(rows))) return Act::kNone;
  switch (k) {
    case key::kTab:  // the next colder line, round to the hottest
      if (!hot_.empty()) go_hot(hot_pos_ > 0 ? static_cast<size_t>(hot_pos_ - 1) : hot_.size() - 1, rows);
      break;
    case key::kUntab:  // the next hotter line, round to the coldest
      if (!hot_.empty())
        go_hot(hot_pos_ < 0 ? hot_.size() - 1 : static_cast<size_t>(hot_pos_) + 1 < hot_.size() ? static_cast<size_t>(hot_pos_) + 1 : 0,
               rows);
      break;
    case 'H':
      if (!hot_.empty()) go_hot(hot_.size() - 1, rows);
      break;
    case key::kF1:
    case 'h': return Act::kHelp;
    case 't':
      opt_->values = opt_->values == Values::kPeriod    ? Values::kSamples
                     : opt_->values == Values::kSamples ? Values::kPercent
                                                        : Values::kPeriod;
      break;
    case 'j': opt_->jump_arrows = !opt_->jump_arrows; break;
    case 'J': opt_->show_nr_jumps = !opt_->show_nr_jumps; break;
    case 'o': opt_->use_offset = !opt_->use_offset; break;
    case 'f': opt_->full_addr = !opt_->full_addr; break;
    case 'O':
      if (++opt_->offset_level > 3) opt_->offset_level = 1;
      break;
    case 'p':  // local <-> global
    case 'b':  // period <-> hits
      set_percent(switch_percent_type(percent(), k == 'b'));
      return Act::kTitle;
    case '/': return Act::kSearch;
    case '?': return Act::kSearchBack;
    case 'n':
      if (search_.empty()) return backwards_ ? Act::kSearchBack : Act::kSearch;
      search(search_, backwards_, rows);
      break;
    case 'l': message_ = "Only available for source code lines."; break;
    case key::kEnter:
    case key::kRight: {
      if (nav_.index >= asm_.size()) break;
      const DisasmInsn& d = v_.n.insns[asm_[nav_.index]];
      if (d.kind == InsnKind::kRet) return Act::kLeave;
      if (d.kind == InsnKind::kJump && !d.outside) {
        for (size_t i = 0; i < asm_.size(); ++i)
          if (v_.a.lines[asm_[i]].offset == d.target_offset) {
            set_top(i, rows);
            return Act::kNone;
          }
        char buf[64];
        std::snprintf(buf, sizeof buf, "Invalid jump offset: %" PRIx64, static_cast<uint64_t>(d.target_offset));
        message_ = buf;
        break;
      }
      if (d.kind == InsnKind::kCall || d.kind == InsnKind::kJump) return Act::kCallee;
      message_ = "Actions are only available for function call/return & jump/branch instructions.";
      break;
    }
    case key::kLeft:
    case key::kEsc:
    case 'q':
    case '<':  // perf's "Move to prev/next symbol" leaves the browser in report
    case '>':
    case kCtrlC: return Act::kLeave;
    default: break;
  }
  return Act::kNone;
}

bool AnnotateBrowser::search(const std::string& s, bool backwards, size_t rows) {
  search_ = s;
  const size_t n = asm_.size();
  size_t k = nav_.index;
  for (;;) {
    if (backwards ? k == 0 : k + 1 >= n) {
      message_ = "String not found!";
      return false;
    }
    k = backwards ? k - 1 : k + 1;
    if (v_.a.lines[asm_[k]].text.find(s) != std::string::npos) break;
  }
  set_top(k, rows);
  backwards_ = backwards;
  return true;
}

// perf's search window: each key typed shows in the field, Backspace takes one back, Enter
// searches for what was typed (ESC does not, but what was typed is the search string after).
void AnnotateBrowser::input_search(Terminal& t, bool backwards) {
  constexpr size_t kMax = 49;  // perf's buffer
  const InputField f = draw_input_window(t.screen(), "Search", "String: ", "ENTER: OK, ESC: Cancel");
  t.paint();
  std::string typed;
  int k;
  for (;;) {
    k = t.read_key();
    if (k == key::kEnter || k == key::kEsc) break;
    if (k == key::kBackspace) {
      if (typed.empty()) continue;
      typed.pop_back();
      draw_input_text(t.screen(), f, typed, 1);
    } else if (k >= 0x20 && k < 0x7f) {
      typed += static_cast<char>(k);
      draw_input_text(t.screen(), f, typed, 0);
    } else {
      continue;
    }
    t.paint();
    if (typed.size() == kMax) {
      k = key::kEnter;
      break;
    }
  }
  search_ = typed;
  if (k == key::kEnter && !typed.empty()) search(typed, backwards, static_cast<size_t>(t.rows()));
}

void AnnotateBrowser::run(Terminal& t, AnnotateSource* src) {
  draw_title(t.screen());
  for (;;) {
    draw(t.screen());
    t.paint();
    int k = t.read_key();
    if (k < 0) continue;
    if (k == key::kResize) {
      draw_title(t.screen());
      continue;
    }
    const Act a = key(k, static_cast<size_t>(t.rows()));
    switch (a) {
      case Act::kNone: break;
      case Act::kLeave: return;
      case Act::kTitle: draw_title(t.screen()); break;
      case Act::kSearch:
      case Act::kSearchBack: {
        input_search(t, a == Act::kSearchBack);
        break;
      }
      case Act::kHelp:
        // any key closes it; perf redraws the rows but not the title under it
        draw_info_window(t.screen(), "Help", kAnnotateHelp, "Press any key...");
        t.paint();
        while (t.read_key() == key::kResize) {
        }
        break;
      case Act::kCallee: {
        if (!src) break;
        AnnotateSource::Result r = src->open_callee(v_, asm_[nav_.index]);
        if (!r.view) {
          if (r.error.empty()) message_ = "The called function was not found.";
          break;
        }
        AnnotateBrowser callee(*r.view, opt_);
        callee.run(t, src);
        draw_title(t.screen());
        break;
      }
    }
  }
}

}  // namespace cperf
