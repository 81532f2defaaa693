#include "generator/hull_model.h"

#include <algorithm>
#include <cmath>

#include "generator/grading.h"
#include "generator/through_hole.h"

namespace contactsim::models {
namespace {

// The hull is a closed solid block of the bow whose outer surface is the flared plating, not a
// 25 mm shell: the simulation only ever touches the outer plating and the pipe bore, a solid gives
// every contact a well-defined inside (indentation, containment) where a thin plate could be
// pushed through in one step, and the block's one through-hole (the pipe) is the only topology.
//
// Lofted along x; the section loop has four sides, counter-clockwise seen from ahead:
enum Side { kBottom = 0, kPort = 1, kDeck = 2, kStarboard = 3 };

constexpr double kLength = 22.0;      // aft cut at x = 0, stem at x = kLength
constexpr double kBeam = 6.0;         // half-breadth at the deck edge in the aft cut
constexpr double kStemHalf = 0.15;    // half-width of the stem bar
constexpr double kBoreRadius = 0.28;  // 0.56 m bore for a 6.4 t anchor

double deckHeight(double x) { return 6.5 + 0.8 * std::pow(x / kLength, 2); }   // sheer
double keelHeight(double x) { return -4.5 + 3.0 * std::pow(x / kLength, 3); }  // forefoot
// Half-breadth of the deck edge: fine waterlines closing to the stem bar.
double deckHalfBreadth(double x) {
  const double t = x / kLength;
  return kStemHalf + (kBeam - kStemHalf) * (1.0 - t * t);
}
// Half-breadth of the plating at height z: a V-section at the forefoot flaring out to the deck
// (the section's fullness at the keel k0 and flare exponent q change from aft to the stem).
double plainHalfBreadth(double x, double z) {
  const double t = x / kLength;
  const double zeta = std::clamp((z - keelHeight(x)) / (deckHeight(x) - keelHeight(x)), 0.0, 1.0);
  const double k0 = 0.55 - 0.45 * t;
  const double q = 1.3 + 0.6 * t;
  return kStemHalf + (deckHalfBreadth(x) - kStemHalf) * (k0 + (1.0 - k0) * std::pow(zeta, q));
}

// The hawse pipe: the windlass end on the forecastle deck near the centreline, the shell end
// forward, outboard and lower, where the anchor pocket is.
constexpr double kLowerX = kLength - 5.5, kLowerZ = 3.3;
constexpr double kUpperX = kLowerX - 2.2, kUpperY = 0.9;

// Anchor pocket: a rounded-rectangle recess of the plating, in (x, z), its e1 axis along the
// pipe axis projected on (x, z), its e2 axis across (the crown's fluke span lies along e2).
struct Pocket {
  Eigen::Vector2d centre, e1, e2;
  double half1 = 1.0, half2 = 1.35, corner = 0.4, wall = 0.3, depth = 0.3;
  // 1 on the floor, 0 outside, smooth (C1) across the wall.
  double weight(double x, double z) const {
    const Eigen::Vector2d d(x - centre.x(), z - centre.y());
    const Eigen::Vector2d q(std::abs(d.dot(e1)) - (half1 - corner),
                            std::abs(d.dot(e2)) - (half2 - corner));
    const double sd = q.cwiseMax(0.0).norm() + std::min(std::max(q.x(), q.y()), 0.0) - corner;
    const double f = std::clamp(-sd / wall, 0.0, 1.0);
    return f * f * (3.0 - 2.0 * f);
  }
};

Pocket makePocket() {
  Pocket pocket;
  const Eigen::Vector2d axis(kLowerX - kUpperX, kLowerZ - deckHeight(kUpperX));
  pocket.e1 = axis.normalized();
  pocket.e2 = Eigen::Vector2d(-pocket.e1.y(), pocket.e1.x());
  if (pocket.e2.x() < 0) pocket.e2 = -pocket.e2;
  pocket.centre = Eigen::Vector2d(kLowerX, kLowerZ) + 0.35 * pocket.e1;
  return pocket;
}

Vec3 hullPoint(const Pocket& pocket, int side, double p, double x) {
  const double zd = deckHeight(x), zk = keelHeight(x);
  switch (side) {
    case kBottom:
      return {x, p * plainHalfBreadth(x, zk), zk};
    case kPort: {
      const double z = zk + p * (zd - zk);
      return {x, plainHalfBreadth(x, z) - pocket.depth * pocket.weight(x, z), z};
    }
    case kDeck:
      return {x, -p * deckHalfBreadth(x), zd};
    default: {
      const double z = zd - p * (zd - zk);
      return {x, -plainHalfBreadth(x, z), z};
    }
  }
}

// Nodes of one side, excluding its last node (the next side's first).
void appendSide(std::vector<AroundNode>& around, int side, const std::vector<double>& nodes) {
  for (std::size_t i = 0; i + 1 < nodes.size(); ++i) around.push_back({side, nodes[i]});
}

}  // namespace

HullModel makeHull() {
  const Pocket pocket = makePocket();
  constexpr double kFine = 0.05, kCoarse = 0.3;
  // Band of fine cells: both openings and the whole pocket (corners of its rectangle in x, z).
  double x0 = kUpperX - 0.7, x1 = kLowerX + 0.7, z0 = kLowerZ - 0.7, z1 = kLowerZ + 0.7;
  for (const double s1 : {-1.0, 1.0}) {
    for (const double s2 : {-1.0, 1.0}) {
      const Eigen::Vector2d c =
          pocket.centre + s1 * pocket.half1 * pocket.e1 + s2 * pocket.half2 * pocket.e2;
      x0 = std::min(x0, c.x() - 0.15);
      x1 = std::max(x1, c.x() + 0.15);
      z0 = std::min(z0, c.y() - 0.15);
      z1 = std::max(z1, c.y() + 0.15);
    }
  }
  // The port side's parameter v = (z - keel) / (deck - keel): its fine band over the band's x.
  double v0 = 1.0, v1 = 0.0, height = 0.0;
  for (double x = x0; x <= x1; x += 0.05) {
    const double h = deckHeight(x) - keelHeight(x);
    v0 = std::min(v0, (z0 - keelHeight(x)) / h);
    v1 = std::max(v1, (z1 - keelHeight(x)) / h);
    height = std::max(height, h);
  }
  const double deck_half = deckHalfBreadth(kUpperX);
  const double p0 = -(kUpperY + 0.75) / deck_half, p1 = -(kUpperY - 0.75) / deck_half;

  LoftSpec spec;
  spec.along = gradedNodes(0.0, kLength, x0, x1, kFine, kCoarse * 1.2);
  const double bottom_half = plainHalfBreadth(0.0, keelHeight(0.0));
  appendSide(spec.around, kBottom,
             uniformNodes(-1.0, 1.0, std::max(4, static_cast<int>(2 * bottom_half / kCoarse))));
  appendSide(spec.around, kPort, gradedNodes(0.0, 1.0, v0, v1, kFine / height, kCoarse / height));
  appendSide(spec.around, kDeck,
             gradedNodes(-1.0, 1.0, p0, p1, kFine / deck_half, kCoarse / deck_half));
  appendSide(spec.around, kStarboard, uniformNodes(0.0, 1.0, static_cast<int>(height / kCoarse)));
  spec.surface = [pocket](int side, double p, double x) { return hullPoint(pocket, side, p, x); };
  spec.start_cap_rings = 6;
  spec.end_cap_rings = 3;
  const Loft loft(spec);

  HullModel model;
  model.length = kLength;
  model.bore_radius = kBoreRadius;
  model.pocket_depth = pocket.depth;
  const double lower_v =
      (kLowerZ - keelHeight(kLowerX)) / (deckHeight(kLowerX) - keelHeight(kLowerX));
  model.pipe_lower = hullPoint(pocket, kPort, lower_v, kLowerX);
  model.pipe_upper = Vec3(kUpperX, kUpperY, deckHeight(kUpperX));
  model.pipe_axis = (model.pipe_lower - model.pipe_upper).normalized();

  TubeSpec tube;
  tube.origin = model.pipe_upper;
  tube.axis = model.pipe_axis;
  tube.e1 = Vec3::UnitX().cross(tube.axis).normalized();
  tube.radius = [](double, double) { return kBoreRadius; };
  tube.ring_spacing = 0.06;
  const HolePlan hole = planHole(loft, kDeck, kPort, tube, 3);

  MeshBuilder builder;
  const std::vector<WindowLoop> loops = loft.build(builder, {hole.window_a, hole.window_b});
  addThroughHole(builder, loops[0], hole.rim_a, loops[1], hole.rim_b, tube);
  model.mesh = builder.build();

  // Pocket centre on its floor, the shell normal there, the span direction.
  const double x = pocket.centre.x(), z = pocket.centre.y();
  const double v = (z - keelHeight(x)) / (deckHeight(x) - keelHeight(x));
  model.pocket_centre = hullPoint(pocket, kPort, v, x);
  const double h = 1e-5;
  const Vec3 dx = hullPoint(pocket, kPort, v, x + h) - hullPoint(pocket, kPort, v, x - h);
  const Vec3 dv = hullPoint(pocket, kPort, v + h, x) - hullPoint(pocket, kPort, v - h, x);
  model.pocket_normal = dv.cross(dx).normalized();  // (v, x) order faces outward on the port side
  if (model.pocket_normal.y() < 0) model.pocket_normal = -model.pocket_normal;
  model.pocket_span = model.pocket_normal.cross(model.pipe_axis).normalized();
  if (model.pocket_span.x() < 0) model.pocket_span = -model.pocket_span;
  return model;
}

}  // namespace contactsim::models
