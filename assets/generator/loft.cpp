#include "generator/loft.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace contactsim::models {

std::pair<int, int> Loft::sideRange(int a) const {
  const auto& around = spec_.around;
  const int side = around[a].side;
  int lo = a, hi = a;
  while (lo > 0 && around[lo - 1].side == side) --lo;
  while (hi + 1 < static_cast<int>(around.size()) && around[hi + 1].side == side) ++hi;
  return {lo, hi};
}

Window Loft::windowAround(int side, double p0, double p1, double s0, double s1, int margin) const {
  const auto& around = spec_.around;
  const auto& along = spec_.along;
  int first = -1, last = -1;
  for (int a = 0; a < static_cast<int>(around.size()); ++a) {
    if (around[a].side != side) continue;
    if (first < 0) first = a;
    last = a;
  }
  if (first < 0) throw std::invalid_argument("windowAround: no such side");
  Window w;
  w.a0 = first;
  while (w.a0 + 1 <= last && around[w.a0 + 1].p <= p0) ++w.a0;
  w.a1 = last;
  while (w.a1 - 1 >= first && around[w.a1 - 1].p >= p1) --w.a1;
  w.j0 = 0;
  while (w.j0 + 1 < static_cast<int>(along.size()) && along[w.j0 + 1] <= s0) ++w.j0;
  w.j1 = static_cast<int>(along.size()) - 1;
  while (w.j1 - 1 >= 0 && along[w.j1 - 1] >= s1) --w.j1;
  w.a0 -= margin;
  w.a1 += margin;
  w.j0 -= margin;
  w.j1 += margin;
  if (w.a0 < first || w.a1 > last || w.j0 < 1 || w.j1 > static_cast<int>(along.size()) - 2) {
    throw std::invalid_argument("windowAround: the hole does not fit on side " +
                                std::to_string(side));
  }
  return w;
}

Window Loft::grow(Window w, int cells) const {
  const auto [first, last] = sideRange(w.a0);
  const int j_max = static_cast<int>(spec_.along.size()) - 2;
  int stuck = 0;
  for (int k = 0; cells > 0; k = (k + 1) % 4) {
    bool grown = false;
    if (k == 0 && w.a1 < last) grown = (++w.a1, true);
    if (k == 1 && w.j1 < j_max) grown = (++w.j1, true);
    if (k == 2 && w.a0 > first) grown = (--w.a0, true);
    if (k == 3 && w.j0 > 1) grown = (--w.j0, true);
    if (grown) {
      --cells;
      stuck = 0;
    } else if (++stuck == 4) {
      throw std::invalid_argument("Loft::grow: no room left on the side");
    }
  }
  return w;
}

std::vector<WindowLoop> Loft::build(MeshBuilder& builder,
                                    const std::vector<Window>& windows) const {
  const int na = static_cast<int>(spec_.around.size());
  const int ns = static_cast<int>(spec_.along.size());
  if (na < 3 || ns < 2) throw std::invalid_argument("loft needs 3 around and 2 along nodes");
  std::vector<std::int32_t> id(static_cast<std::size_t>(na) * ns);
  const auto at = [&](int a, int j) -> std::int32_t& { return id[j * na + ((a % na) + na) % na]; };
  for (int j = 0; j < ns; ++j) {
    for (int a = 0; a < na; ++a) {
      const AroundNode& n = spec_.around[a];
      at(a, j) = builder.addVertex(spec_.surface(n.side, n.p, spec_.along[j]));
    }
  }
  const auto inWindow = [&](int a, int j) {
    return std::any_of(windows.begin(), windows.end(), [&](const Window& w) {
      return a >= w.a0 && a < w.a1 && j >= w.j0 && j < w.j1;
    });
  };
  for (int j = 0; j + 1 < ns; ++j) {
    for (int a = 0; a < na; ++a) {
      if (inWindow(a, j)) continue;
      builder.addQuad(at(a, j), at(a + 1, j), at(a + 1, j + 1), at(a, j + 1));
    }
  }
  std::vector<std::int32_t> loop(na);
  for (int a = 0; a < na; ++a) loop[a] = at(na - 1 - a, 0);  // reversed: the cap faces -s
  builder.addRingCap(loop, spec_.start_cap_rings);
  for (int a = 0; a < na; ++a) loop[a] = at(a, ns - 1);
  builder.addRingCap(loop, spec_.end_cap_rings);

  std::vector<WindowLoop> loops;
  for (const Window& w : windows) {
    const auto [first, last] = sideRange(w.a0);
    if (w.a1 > last || w.a0 >= w.a1 || w.j0 >= w.j1 || w.j0 < 0 || w.j1 >= ns) {
      throw std::invalid_argument("loft window out of its side");
    }
    WindowLoop out;
    const int side = spec_.around[w.a0].side;
    const auto push = [&](int a, int j) {
      out.ids.push_back(at(a, j));
      out.params.emplace_back(spec_.around[a].p, spec_.along[j]);
    };
    for (int a = w.a0; a < w.a1; ++a) push(a, w.j0);
    for (int j = w.j0; j < w.j1; ++j) push(w.a1, j);
    for (int a = w.a1; a > w.a0; --a) push(a, w.j1);
    for (int j = w.j1; j > w.j0; --j) push(w.a0, j);
    const LoftSurface surface = spec_.surface;
    out.surface = [surface, side](double p, double s) { return surface(side, p, s); };
    loops.push_back(std::move(out));
  }
  return loops;
}

}  // namespace contactsim::models
