#include "contact/contour_builder.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>

#include "geometry/point_welder.h"

namespace contactsim {
namespace {

struct GraphEdge {
  std::int32_t from, to, pair;
};

// The edges at each vertex, in the order the edges were added (compressed rows: one buffer
// instead of a vector per vertex).
class Incidence {
 public:
  Incidence(std::size_t vertices, const std::vector<GraphEdge>& edges) : start_(vertices + 1, 0) {
    for (const GraphEdge& e : edges) ++start_[e.from + 1], ++start_[e.to + 1];
    for (std::size_t v = 0; v < vertices; ++v) start_[v + 1] += start_[v];
    edges_.resize(start_.back());
    std::vector<std::int32_t> filled(start_.begin(), start_.end() - 1);
    for (std::size_t e = 0; e < edges.size(); ++e) {
      edges_[filled[edges[e].from]++] = static_cast<std::int32_t>(e);
      edges_[filled[edges[e].to]++] = static_cast<std::int32_t>(e);
    }
  }
  std::span<const std::int32_t> at(std::int32_t v) const {
    return {edges_.data() + start_[v], edges_.data() + start_[v + 1]};
  }
  std::size_t degree(std::int32_t v) const { return start_[v + 1] - start_[v]; }

 private:
  std::vector<std::int32_t> start_, edges_;
};

// The walk's state, kept from one walk to the next. `position` (the index of each vertex on the
// path, or -1) is all -1 between walks.
struct WalkScratch {
  std::vector<std::int32_t> path, pairs, position;
};

// Walks unused edges from `start` until it gets stuck, and cuts off a closed loop whenever the
// walk comes back to any vertex already on its path, not only to `start`. A walk that closed only
// at `start` would go on, at a vertex where loops touch, into the other loop, and the one
// figure-eight it returned can turn its lobes opposite ways: its area the difference of theirs.
// What is left is a path through distinct vertices, an open chain if it has edges.
void walk(std::int32_t start, const std::vector<GraphEdge>& edges, const Incidence& incident,
          std::vector<bool>& used, const std::vector<Vec3>& nodes, WalkScratch& scratch,
          std::vector<ContourLoop>& loops) {
  const auto unused = [&](std::int32_t v) {
    const auto around = incident.at(v);
    return std::find_if(around.begin(), around.end(), [&](std::int32_t e) { return !used[e]; });
  };
  if (unused(start) == incident.at(start).end()) return;  // nothing left to walk from here
  std::vector<std::int32_t>& path = scratch.path;
  std::vector<std::int32_t>& pairs = scratch.pairs;  // pairs[i] joins path[i] and path[i + 1]
  std::vector<std::int32_t>& position = scratch.position;
  path.assign(1, start);
  pairs.clear();
  position[start] = 0;
  for (;;) {
    const auto next = unused(path.back());
    if (next == incident.at(path.back()).end()) break;
    used[*next] = true;
    const GraphEdge& e = edges[*next];
    const std::int32_t current = e.from == path.back() ? e.to : e.from;
    pairs.push_back(e.pair);
    if (position[current] < 0) {
      position[current] = static_cast<std::int32_t>(path.size());
      path.push_back(current);
      continue;
    }
    // Back on the path: path[first..] is a simple loop. It starts at a vertex of its own if it
    // has one, since projectRegion decides nesting by a loop's first point, and a vertex where
    // loops touch lies on both.
    const std::size_t first = position[current];
    const std::size_t n = path.size() - first;
    std::size_t own = 0;
    while (own < n && incident.degree(path[first + own]) != 2) ++own;
    if (own == n) own = 0;
    ContourLoop& loop = loops.emplace_back();
    loop.closed = true;
    loop.points.reserve(n);
    loop.pairs.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t k = first + (own + i) % n;
      loop.points.push_back(nodes[path[k]]);
      loop.pairs.push_back(pairs[k]);
    }
    for (std::size_t k = first + 1; k < path.size(); ++k) position[path[k]] = -1;
    path.resize(first + 1);
    pairs.resize(first);
  }
  for (const std::int32_t v : path) position[v] = -1;
  if (pairs.empty()) return;
  ContourLoop& chain = loops.emplace_back();
  chain.points.reserve(path.size());
  for (const std::int32_t v : path) chain.points.push_back(nodes[v]);
  chain.pairs = pairs;
}

}  // namespace

std::vector<ContourLoop> buildContours(std::span<const ContourSegment> segments,
                                       double merge_tolerance) {
  if (segments.empty()) return {};
  PointWelder welder(segments.front().p0, merge_tolerance, 2 * segments.size());
  std::vector<GraphEdge> candidates;
  candidates.reserve(segments.size());
  for (const ContourSegment& s : segments) {
    const std::int32_t a = welder.insert(s.p0);
    const std::int32_t b = welder.insert(s.p1);
    if (a == b) continue;  // shorter than the tolerance: a point, not a piece of contour
    candidates.push_back({a, b, s.pair});
  }
  // Two pairs can report the same piece (a segment through a shared mesh edge): keep the first.
  const auto key = [](const GraphEdge& e) {
    return (static_cast<std::uint64_t>(std::min(e.from, e.to)) << 32) |
           static_cast<std::uint32_t>(std::max(e.from, e.to));
  };
  std::vector<std::pair<std::uint64_t, std::uint32_t>> order;  // (key, index), sorted
  order.reserve(candidates.size());
  for (std::size_t e = 0; e < candidates.size(); ++e)
    order.emplace_back(key(candidates[e]), static_cast<std::uint32_t>(e));
  std::sort(order.begin(), order.end());
  std::vector<bool> repeated(candidates.size(), false);
  for (std::size_t k = 1; k < order.size(); ++k)
    repeated[order[k].second] = order[k].first == order[k - 1].first;
  std::vector<GraphEdge> edges;
  edges.reserve(candidates.size());
  for (std::size_t e = 0; e < candidates.size(); ++e)
    if (!repeated[e]) edges.push_back(candidates[e]);

  const std::vector<Vec3>& nodes = welder.points();
  const Incidence incident(nodes.size(), edges);
  std::vector<bool> used(edges.size(), false);
  WalkScratch scratch;
  scratch.position.assign(nodes.size(), -1);
  std::vector<ContourLoop> loops;
  // Open chains first, from their odd-degree ends, so that no chain is cut in the middle.
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    const auto v = static_cast<std::int32_t>(n);
    if (incident.degree(v) % 2 == 1) walk(v, edges, incident, used, nodes, scratch, loops);
  }
  // Every vertex has an even number of unused edges left: the walks from here close loops only.
  for (std::size_t n = 0; n < nodes.size(); ++n)
    walk(static_cast<std::int32_t>(n), edges, incident, used, nodes, scratch, loops);
  return loops;
}

}  // namespace contactsim
