#include "generator/hull_model.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "generator/grading.h"
#include "generator/through_hole.h"
#include "geometry/primitives.h"

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
// Raked stem: forward of kRakeStart the plating is sheared forward by kRake per metre of height
// above kRakeHeight (about 24° from the vertical at the stem: the deck edge reaches 2.8 m ahead of
// the forefoot's top), blended in with a smoothstep so nothing changes aft of kRakeStart, where the
// pipe and the pocket are (makeHull checks that they are).
constexpr double kRakeStart = 18.7;
constexpr double kRake = 0.45;
constexpr double kRakeHeight = 1.0;

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

// The stem's forward shift at loft parameter x and height z: zero aft of kRakeStart. Its x
// derivative 1 + w'(x)·kRake·(z − kRakeHeight) stays above 0.3 over the hull, so sections never
// fold back on each other.
double rakeShift(double x, double z) {
  const double t = std::clamp((x - kRakeStart) / (kLength - kRakeStart), 0.0, 1.0);
  return t * t * (3.0 - 2.0 * t) * kRake * (z - kRakeHeight);
}

Vec3 raked(const Vec3& p) { return {p.x() + rakeShift(p.x(), p.z()), p.y(), p.z()}; }

Vec3 plainHullPoint(const Pocket& pocket, int side, double p, double x) {
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

Vec3 hullPoint(const Pocket& pocket, int side, double p, double x) {
  return raked(plainHullPoint(pocket, side, p, x));
}

// A simple windlass standing on the forecastle deck: a plinth, two cheek plates and the gypsy (the
// chain wheel), a drum of radius kGypsyRadius whose axis is horizontal and square to the chain, so
// the chain leaving `chain_point` along `chain_up` (from the hawse pipe) is tangent to its top.
// Closed boxes and a cylinder that overlap each other (one fixed body, drawn only: it takes no part
// in contact).
constexpr double kGypsyRadius = 0.5;

TriMesh makeWindlass(const Vec3& chain_point, const Vec3& chain_up) {
  const Vec3 axis = chain_up.cross(Vec3::UnitZ()).normalized();
  Vec3 towards_centre = axis.cross(chain_up).normalized();
  if (towards_centre.z() > 0) towards_centre = -towards_centre;
  const Vec3 centre = chain_point + kGypsyRadius * towards_centre;
  Mat3 frame;  // x across the drum (horizontal), y along its axis, z up
  frame.col(1) = axis;
  frame.col(2) = Vec3::UnitZ();
  frame.col(0) = axis.cross(Vec3::UnitZ());
  MeshBuilder builder;
  const auto add = [&](const TriMesh& part, const Mat3& rotation, const Vec3& origin) {
    std::vector<std::int32_t> ids;
    for (const Vec3& v : part.vertices()) ids.push_back(builder.addVertex(rotation * v + origin));
    for (const TriangleIndices& t : part.triangles())
      builder.addTriangle(ids[t[0]], ids[t[1]], ids[t[2]]);
  };
  // Plinth from below the deck to just under the drum, 1.6 m fore and aft, 2.4 m across.
  const double deck = deckHeight(centre.x());
  const double plinth_top = centre.z() - kGypsyRadius - 0.08;
  const double plinth_bottom = deck - 0.2;
  add(makeBox(Vec3(0.8, 1.2, 0.5 * (plinth_top - plinth_bottom)), 2), frame,
      Vec3(centre.x(), centre.y(), 0.5 * (plinth_top + plinth_bottom)));
  // Cheek plates carrying the drum's shaft, 0.1 m thick, on both sides of a 0.7 m long drum.
  const double cheek_top = centre.z() + 0.25;
  for (const double side : {-1.0, 1.0}) {
    const Vec3 at = centre + side * 0.4 * axis;
    add(makeBox(Vec3(0.45, 0.05, 0.5 * (cheek_top - plinth_top + 0.02)), 1), frame,
        Vec3(at.x(), at.y(), 0.5 * (cheek_top + plinth_top - 0.02)));
  }
  // The gypsy: the cylinder's z axis turned onto the drum axis.
  Mat3 drum;
  drum.col(0) = frame.col(0);
  drum.col(1) = Vec3::UnitZ();
  drum.col(2) = axis;
  if (drum.determinant() < 0) drum.col(1) = -drum.col(1);
  add(makeCylinder(kGypsyRadius, 0.7, 64, 4), drum, centre);
  // The motor housing beside the starboard cheek (away from the pipe's side).
  const Vec3 motor = centre - 0.95 * axis;
  add(makeBox(Vec3(0.45, 0.4, 0.45), 2), frame,
      Vec3(motor.x(), motor.y(), plinth_top + 0.45 - 0.02));
  return builder.build();
}

// Nodes of one side, excluding its last node (the next side's first).
void appendSide(std::vector<AroundNode>& around, int side, const std::vector<double>& nodes) {
  for (std::size_t i = 0; i + 1 < nodes.size(); ++i) around.push_back({side, nodes[i]});
}

}  // namespace

HullModel makeHull() {
  const Pocket pocket = makePocket();
  // Cells of 5 cm around both openings and the pocket, 0.3 m elsewhere; 2.5 cm over the pocket
  // itself, whose walls curve at up to 6·depth/wall² = 20 /m: at 5 cm neighbouring facets there
  // met at up to 0.5 rad more than the wall turns, and the crown's edge, sliding into its seat,
  // caught on each ridge between them as a new contact (docs/flagship-investigations.md).
  constexpr double kFine = 0.05, kPocketFine = 0.025, kCoarse = 0.3;
  // Band of fine cells: both openings and the whole pocket (corners of its rectangle in x, z).
  double x0 = kUpperX - 0.7, x1 = kLowerX + 0.7, z0 = kLowerZ - 0.7, z1 = kLowerZ + 0.7;
  double px0 = kLength, px1 = 0.0, pz0 = deckHeight(kLength), pz1 = keelHeight(0.0);
  for (const double s1 : {-1.0, 1.0}) {
    for (const double s2 : {-1.0, 1.0}) {
      const Eigen::Vector2d c =
          pocket.centre + s1 * pocket.half1 * pocket.e1 + s2 * pocket.half2 * pocket.e2;
      px0 = std::min(px0, c.x());
      px1 = std::max(px1, c.x());
      pz0 = std::min(pz0, c.y());
      pz1 = std::max(pz1, c.y());
    }
  }
  x0 = std::min(x0, px0 - 0.15);
  x1 = std::max(x1, px1 + 0.15);
  z0 = std::min(z0, pz0 - 0.15);
  z1 = std::max(z1, pz1 + 0.15);
  if (x1 > kRakeStart) throw std::logic_error("hull: the pocket reaches into the raked stem");
  // The port side's parameter v = (z - keel) / (deck - keel) over the bands' x: the fine band's
  // and the pocket's.
  double v0 = 1.0, v1 = 0.0, pv0 = 1.0, pv1 = 0.0, height = 0.0;
  for (double x = x0; x <= x1; x += 0.05) {
    const double h = deckHeight(x) - keelHeight(x);
    v0 = std::min(v0, (z0 - keelHeight(x)) / h);
    v1 = std::max(v1, (z1 - keelHeight(x)) / h);
    if (x >= px0 && x <= px1) {
      pv0 = std::min(pv0, (pz0 - keelHeight(x)) / h);
      pv1 = std::max(pv1, (pz1 - keelHeight(x)) / h);
    }
    height = std::max(height, h);
  }
  const double deck_half = deckHalfBreadth(kUpperX);
  const double p0 = -(kUpperY + 0.75) / deck_half, p1 = -(kUpperY - 0.75) / deck_half;

  LoftSpec spec;
  spec.along = gradedNodes(0.0, kLength, {{x0, x1, kFine}, {px0, px1, kPocketFine}}, kCoarse * 1.2);
  const double bottom_half = plainHalfBreadth(0.0, keelHeight(0.0));
  appendSide(spec.around, kBottom,
             uniformNodes(-1.0, 1.0, std::max(4, static_cast<int>(2 * bottom_half / kCoarse))));
  appendSide(spec.around, kPort,
             gradedNodes(0.0, 1.0, {{v0, v1, kFine / height}, {pv0, pv1, kPocketFine / height}},
                         kCoarse / height));
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

  model.chain_point = model.pipe_upper - kChainAboveDeck * model.pipe_axis;
  model.windlass = makeWindlass(model.chain_point, -model.pipe_axis);
  return model;
}

}  // namespace contactsim::models
