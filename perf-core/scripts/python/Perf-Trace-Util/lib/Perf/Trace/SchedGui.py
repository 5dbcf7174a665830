# SPDX-License-Identifier: GPL-2.0
# cperf's implementation of perf's SchedGui helper module: a wxPython window that draws one
# row of time slices per CPU for sched-migration.py. The tracer it is given provides
# set_root_win(win), interval() -> (start, end) in ns, nr_rectangles(), fill_zone(start, end)
# (which calls back paint_rectangle_zone) and mouse_down(cpu, t) (which calls update_summary).
# Written for cperf from the interface perf's scripts use.

try:
    import wx
except ImportError:
    raise ImportError("You need to install the wxpython lib for this script")


class RootFrame(wx.Frame):
    Y_OFFSET = 100
    RECT_HEIGHT = 100
    RECT_SPACE = 50
    EVENT_MARKING_WIDTH = 5

    def __init__(self, sched_tracer, title, parent=None, id=-1):
        wx.Frame.__init__(self, parent, id, title)
        width, height = wx.GetDisplaySize()
        self.screen_width, self.screen_height = width - 10, height - 10
        self.zoom = 0.5
        self.scroll_scale = 20
        self.sched_tracer = sched_tracer
        sched_tracer.set_root_win(self)
        self.ts_start, self.ts_end = sched_tracer.interval()
        self.update_width_virtual()
        self.nr_rects = sched_tracer.nr_rectangles() + 1
        self.height_virtual = self.Y_OFFSET + self.nr_rects * (self.RECT_HEIGHT + self.RECT_SPACE)

        self.panel = wx.Panel(self, size=(self.screen_width, self.screen_height))
        self.scroll = wx.ScrolledWindow(self.panel)
        self.scroll.SetScrollbars(self.scroll_scale, self.scroll_scale,
                                  int(self.width_virtual / self.scroll_scale),
                                  int(self.height_virtual / self.scroll_scale))
        self.scroll.EnableScrolling(True, True)
        self.scroll.SetFocus()
        self.scroll_panel = wx.Panel(self.scroll, size=(self.screen_width - 15, self.screen_height // 2))
        self.scroll_panel.Bind(wx.EVT_PAINT, self.on_paint)
        self.scroll_panel.Bind(wx.EVT_KEY_DOWN, self.on_key_press)
        self.scroll_panel.Bind(wx.EVT_LEFT_DOWN, self.on_mouse_down)
        self.scroll.Bind(wx.EVT_PAINT, self.on_paint)
        self.scroll.Bind(wx.EVT_KEY_DOWN, self.on_key_press)
        self.scroll.Bind(wx.EVT_LEFT_DOWN, self.on_mouse_down)
        self.scroll.Fit()
        self.Fit()
        self.scroll_panel.SetDimensions(-1, -1, self.width_virtual, self.height_virtual, wx.SIZE_USE_EXISTING)
        self.txt = None
        self.Show(True)

    # Time (ns, relative to the trace start) <-> pixels at the current zoom.
    def us_to_px(self, val):
        return val / (10 ** 3) * self.zoom

    def px_to_us(self, val):
        return (val / self.zoom) * (10 ** 3)

    def scroll_start(self):
        x, y = self.scroll.GetViewStart()
        return x * self.scroll_scale, y * self.scroll_scale

    def scroll_start_us(self):
        x, _ = self.scroll_start()
        return self.px_to_us(x)

    def paint_rectangle_zone(self, nr, color, top_color, start, end):
        offset_px = self.us_to_px(start - self.ts_start)
        width_px = self.us_to_px(end - self.ts_start) - offset_px
        y = self.Y_OFFSET + nr * (self.RECT_HEIGHT + self.RECT_SPACE)
        dc = self.dc
        if top_color is not None:
            dc.SetPen(wx.Pen(wx.Colour(*top_color), 1))
            dc.SetBrush(wx.Brush(wx.Colour(*top_color)))
            dc.DrawRectangle(int(offset_px), int(y), int(width_px), self.EVENT_MARKING_WIDTH)
            y += self.EVENT_MARKING_WIDTH
            height = self.RECT_HEIGHT - self.EVENT_MARKING_WIDTH
        else:
            height = self.RECT_HEIGHT
        dc.SetPen(wx.Pen(wx.Colour(*color), 1))
        dc.SetBrush(wx.Brush(wx.Colour(*color)))
        dc.DrawRectangle(int(offset_px), int(y), int(width_px), int(height))

    def update_rectangles(self, dc, start, end):
        self.dc = dc
        self.sched_tracer.fill_zone(start + self.ts_start, end + self.ts_start)

    def on_paint(self, event):
        dc = wx.PaintDC(self.scroll_panel)
        width = min(self.width_virtual, self.screen_width)
        x, _ = self.scroll_start()
        start = self.px_to_us(x)
        end = self.px_to_us(x + width)
        self.update_rectangles(dc, start, end)

    def rect_from_ypixel(self, y):
        y -= self.Y_OFFSET
        row = y // (self.RECT_HEIGHT + self.RECT_SPACE)
        inside = y % (self.RECT_HEIGHT + self.RECT_SPACE)
        if row < 0 or row > self.nr_rects - 2 or inside >= self.RECT_HEIGHT:
            return -1
        return int(row)

    def update_summary(self, txt):
        if self.txt:
            self.txt.Destroy()
        self.txt = wx.StaticText(self.panel, -1, txt, (0, (self.screen_height // 2) + 50))

    def on_mouse_down(self, event):
        x, y = event.GetPosition()
        row = self.rect_from_ypixel(y)
        if row == -1:
            return
        t = self.px_to_us(x) + self.ts_start
        self.sched_tracer.mouse_down(row, t)

    def update_width_virtual(self):
        self.width_virtual = int(self.us_to_px(self.ts_end - self.ts_start))

    def __zoom(self, x):
        self.update_width_virtual()
        x, y = self.scroll_start()
        self.scroll.SetScrollbars(self.scroll_scale, self.scroll_scale,
                                  int(self.width_virtual / self.scroll_scale),
                                  int(self.height_virtual / self.scroll_scale),
                                  int(self.us_to_px(x) / self.scroll_scale), int(y / self.scroll_scale))
        self.Refresh()

    def zoom_in(self):
        x = self.scroll_start_us()
        self.zoom *= 2
        self.__zoom(x)

    def zoom_out(self):
        x = self.scroll_start_us()
        self.zoom /= 2
        self.__zoom(x)

    def on_key_press(self, event):
        key = event.GetRawKeyCode()
        if key == ord("+"):
            self.zoom_in()
        elif key == ord("-"):
            self.zoom_out()
        else:
            key = event.GetKeyCode()
            x, y = self.scroll.GetViewStart()
            if key == wx.WXK_RIGHT:
                self.scroll.Scroll(x + 1, y)
            elif key == wx.WXK_LEFT:
                self.scroll.Scroll(x - 1, y)
            elif key == wx.WXK_DOWN:
                self.scroll.Scroll(x, y + 1)
            elif key == wx.WXK_UP:
                self.scroll.Scroll(x, y - 1)
