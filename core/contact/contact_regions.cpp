#include "contact/contact_regions.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <numeric>
#include <optional>
#include <unordered_map>

#include "contact/contour_builder.h"
#include "contact/curved_piece.h"
#include "contact/interface_pressure.h"
#include "contact/local_overlap.h"
#include "contact/overlap_volume.h"
#include "contact/patch_geometry.h"
#include "contact/penetration.h"
#include "contact/piece_patches.h"
#include "contact/pressure_centre.h"
#include "geometry/wall_clock.h"

namespace contactsim {
namespace {

// Above this thickness ratio (ContactPlane) the fitted plane is not trusted.
constexpr double kMaxContourThickness = 0.3;
// How far the contour's vector area may turn the oriented plane's normal: beyond it the loops
// bound almost no area along that normal and their vector area may be a difference of nearly
// equal parts, so the plane stays — unless the faces' normal agrees with it (kFaceCone).
constexpr double kAreaNormalCone = 60.0 * std::numbers::pi / 180;
// Normals within this angle of each other are one face (facesNormal's sides), and a vector area
// this close to the faces' normal is no cancellation of nearly equal parts.
constexpr double kFaceCone = 20.0 * std::numbers::pi / 180;

class DisjointSets {
 public:
  explicit DisjointSets(std::size_t n) : parent_(n) {
    std::iota(parent_.begin(), parent_.end(), 0);
  }
  std::size_t find(std::size_t x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  void unite(std::size_t x, std::size_t y) { parent_[find(x)] = find(y); }

 private:
  std::vector<std::size_t> parent_;
};

// Largest world coordinate the meshes reach: rounding in the segment endpoints scales with it.
double coordinateMagnitude(const PosedMesh& m) {
  const Box3 box = m.boundsInQuery();
  return std::max(box.min().cwiseAbs().maxCoeff(), box.max().cwiseAbs().maxCoeff()) *
         std::sqrt(3.0);
}

// Loops that enclose the same penetrated piece of either surface belong to one region. A loop's
// `pairs` index the colliding lists that the penetration was found from.
void joinLoopsSharingPenetration(const std::vector<ContourLoop>& loops,
                                 const Penetration& penetration, DisjointSets& sets) {
  std::unordered_map<std::int32_t, std::size_t> loop_of_component;
  for (std::size_t l = 0; l < loops.size(); ++l) {
    for (const std::int32_t p : loops[l].pairs) {
      for (const std::int32_t component : penetration.corner_components[p]) {
        if (component < 0) continue;
        const auto [owner, inserted] = loop_of_component.try_emplace(component, l);
        if (!inserted) sets.unite(l, owner->second);
      }
    }
  }
}

// Outward normals of one side's colliding triangles, each weighted by the length of contour it
// carries: the part of the triangle in contact, not its whole area (which is the tessellation's).
class SideNormals {
 public:
  void add(const Vec3& unit_normal, double weight) {
    sum_ += weight * unit_normal;
    scatter_ += weight * unit_normal * unit_normal.transpose();
    weight_ += weight;
  }
  bool empty() const { return !(weight_ > 0.0); }
  Vec3 mean() const { return sum_.normalized(); }
  // |Σ w n| / Σ w: 1 when the normals agree (a face), cos 45° on a right-angled edge.
  double coherence() const { return sum_.norm() / weight_; }
  // The direction every normal is perpendicular to, if the normals fan about one such line
  // (an edge: its second-largest scatter eigenvalue is the fan's width, its smallest ~0).
  std::optional<Vec3> edgeDirection(double min_fan) const {
    const Eigen::SelfAdjointEigenSolver<Mat3> eigen(scatter_ / weight_);
    const Vec3 lambda = eigen.eigenvalues();  // ascending, summing to 1
    if (!(lambda(1) >= min_fan && lambda(0) < 0.1 * lambda(1))) return std::nullopt;
    return eigen.eigenvectors().col(0);
  }

 private:
  Vec3 sum_ = Vec3::Zero();
  Mat3 scatter_ = Mat3::Zero();
  double weight_ = 0.0;
};

// The faces' normal for a region, from A into B; zero if no contour carries length. It orients
// the fitted plane and replaces it where the contour fits none (docs/method.md, "Normal where
// the contour has no plane"). A side whose normals agree within kFaceCone is a face being
// indented by an edge or a corner of the other: the normal is that face's, the direction of
// least penetration, and not the mean of the edge's faces, which would turn with the step's set
// of colliding triangles. Two edges crossing have the common perpendicular of their directions;
// anything else the mean of the two sides' mean normals.
Vec3 facesNormal(const PosedMesh& a, const PosedMesh& b, std::span<const std::int32_t> colliding,
                 std::span<const std::pair<std::int32_t, std::int32_t>> colliding_a,
                 std::span<const ContourSegment> segments) {
  auto unit_normal = [](const PosedMesh& m, std::int32_t t) {
    return Vec3((m.corner(t, 1) - m.corner(t, 0)).cross(m.corner(t, 2) - m.corner(t, 0)))
        .normalized();
  };
  SideNormals side_a, side_b;
  for (const std::int32_t p : colliding) {
    const double length = (segments[p].p1 - segments[p].p0).norm();
    side_a.add(unit_normal(a, colliding_a[p].first), length);
    side_b.add(unit_normal(b, colliding_a[p].second), length);
  }
  if (side_a.empty() || side_b.empty()) return Vec3::Zero();
  const Vec3 from_a = side_a.mean(), from_b = -side_b.mean();  // both from A into B
  const double face_a = side_a.coherence(), face_b = side_b.coherence();
  if (std::max(face_a, face_b) >= std::cos(kFaceCone)) return face_a >= face_b ? from_a : from_b;
  const double min_fan = std::pow(std::sin(kFaceCone), 2);
  const auto edge_a = side_a.edgeDirection(min_fan), edge_b = side_b.edgeDirection(min_fan);
  const Vec3 mean = (from_a + from_b).normalized();
  if (edge_a && edge_b) {
    const Vec3 common = edge_a->cross(*edge_b);
    if (common.norm() >= std::sin(kFaceCone))
      return common.dot(mean) >= 0.0 ? Vec3(common.normalized()) : Vec3(-common.normalized());
  }
  return mean;
}

// Pressure moments and deepest point of one body's side of a region: the penetrated pieces of
// its surface that the region's colliding triangles touch.
PenetratedSurface penetratedSurface(const PosedMesh& m, const Penetration& penetration,
                                    const std::vector<std::int32_t>& components,
                                    const ContactPlane& plane, const Vec3& direction,
                                    const std::vector<VertexOverlap>& caps, const Vec3& probe) {
  PenetratedSurface surface;
  for (const std::int32_t c : components) {
    surface +=
        integratePenetratedSurface(m, penetration.components[c], plane, direction, &caps, &probe);
  }
  return surface;
}

// The penetrated pieces that the corners of the given colliding entries lie in, each once.
std::vector<std::int32_t> componentsTouching(const std::vector<std::int32_t>& colliding,
                                             const Penetration& penetration) {
  std::vector<std::int32_t> components;
  for (const std::int32_t p : colliding) {
    for (const std::int32_t component : penetration.corner_components[p]) {
      if (component >= 0) components.push_back(component);
    }
  }
  std::sort(components.begin(), components.end());
  components.erase(std::unique(components.begin(), components.end()), components.end());
  return components;
}

}  // namespace

ContactRegions findContactRegions(const PosedMesh& a, const PosedMesh& b,
                                  std::span<const TrianglePair> pairs,
                                  PenetrationWorkspace& workspace, RegionExtras extras,
                                  const IndexLoop* loop) {
  ContactRegions result;
  if (pairs.empty()) return result;

  // Segment i comes from colliding_a[i] (= colliding_b[i] swapped); loops refer to that index.
  std::vector<ContourSegment> segments;
  std::vector<std::pair<std::int32_t, std::int32_t>> colliding_a, colliding_b;
  for (const TrianglePair& p : pairs) {
    if (p.coplanar) continue;  // touching in a plane: no curve, no indentation
    segments.push_back({p.p0, p.p1, static_cast<std::int32_t>(segments.size())});
    colliding_a.emplace_back(p.a, p.b);
    colliding_b.emplace_back(p.b, p.a);
  }
  const double magnitude =
      std::max({a.mesh.scale(), b.mesh.scale(), coordinateMagnitude(a), coordinateMagnitude(b)});
  const double weld = 1e-9 * magnitude;
  const std::vector<ContourLoop> loops = buildContours(segments, weld);
  if (loops.empty()) return result;

  const Penetration penetration_a = findPenetration(a, b, colliding_a, workspace);
  const Penetration penetration_b = findPenetration(b, a, colliding_b, workspace);
  DisjointSets sets(loops.size());
  joinLoopsSharingPenetration(loops, penetration_a, sets);
  joinLoopsSharingPenetration(loops, penetration_b, sets);

  std::map<std::size_t, std::vector<std::size_t>> by_root;  // ordered: deterministic output
  for (std::size_t l = 0; l < loops.size(); ++l) by_root[sets.find(l)].push_back(l);
  std::vector<std::vector<std::size_t>> regions;
  for (auto& [root, members] : by_root) regions.push_back(std::move(members));

  // Each region's patches (one, the pieces of a split region, or none), side by side once the
  // regions hold 2 × 32 intersection segments between them: a segment costs about 1.5 µs of
  // contour, penetration and patch work (the anchor's hull–crown pair: 76 µs for 53), so a few
  // dozen outweigh a task's dispatch many times; the loop's own grain (kLoopGrain) is sized for
  // far cheaper items (cut entries, triangles).
  std::vector<std::vector<ContactPatch>> found(regions.size());
  constexpr std::size_t kRegionLoopGrain = 32;
  const IndexLoop* region_loop = loopFor(loop, segments.size(), kRegionLoopGrain);
  forEachIndex(region_loop, regions.size(), [&](std::size_t r) {
    const std::vector<std::size_t>& members = regions[r];
    std::vector<ContactPatch>& out = found[r];
    ContactPatch patch;
    std::vector<std::int32_t> tri_a, tri_b, colliding;
    for (const std::size_t l : members) {
      patch.loops.push_back(loops[l].points);
      patch.has_open_loop = patch.has_open_loop || !loops[l].closed;
      for (const std::int32_t p : loops[l].pairs) {
        tri_a.push_back(colliding_a[p].first);
        tri_b.push_back(colliding_a[p].second);
        colliding.push_back(p);
      }
    }
    for (auto* triangles : {&tri_a, &tri_b}) {
      std::sort(triangles->begin(), triangles->end());
      triangles->erase(std::unique(triangles->begin(), triangles->end()), triangles->end());
    }
    const std::vector<std::int32_t> components_a = componentsTouching(colliding, penetration_a);
    const std::vector<std::int32_t> components_b = componentsTouching(colliding, penetration_b);
    PenetratedSide side_a = penetratedSide(a.mesh, penetration_a, components_a);
    PenetratedSide side_b = penetratedSide(b.mesh, penetration_b, components_b);
    std::set_difference(tri_a.begin(), tri_a.end(), side_a.triangles.begin(),
                        side_a.triangles.end(), std::back_inserter(side_a.crossing));
    std::set_difference(tri_b.begin(), tri_b.end(), side_b.triangles.begin(),
                        side_b.triangles.end(), std::back_inserter(side_b.crossing));
    // A contact surface turning beyond the cone has no single plane: one patch per piece.
    const RegionSplit split = splitRegion(a, side_a, b, side_b, loop);
    const std::vector<RegionPiece>& pieces = split.pieces;
    if (pieces.size() > 1) {
      std::vector<const ContourLoop*> region_loops;
      for (const std::size_t l : members) region_loops.push_back(&loops[l]);
      const RegionClip clip(a, side_a, b, side_b, colliding, colliding_a, segments, weld);
      out =
          piecePatches(a, side_a, b, side_b, pieces, region_loops, colliding_a, clip, extras, loop);
      return;
    }
    const Vec3 reference = facesNormal(a, b, colliding, colliding_a, segments);
    std::optional<ContactPlane> plane = fitContactPlane(patch.loops);
    // A contour as thick as it is wide (an edge crossing an edge, a sliver along a rim) fits
    // no meaningful plane; its normal would turn from step to step. The faces decide then.
    if (plane && plane->thickness_ratio > kMaxContourThickness && !reference.isZero())
      plane = planeFromNormal(plane->origin, reference);
    if (!plane) {
      // A point- or line-like contour (edge grazing a face): the faces' normals decide.
      if (reference.isZero()) return;
      Vec3 mean = Vec3::Zero();
      std::size_t count = 0;
      for (const auto& loop : patch.loops) {
        for (const Vec3& p : loop) mean += p, ++count;
      }
      plane = planeFromNormal(mean / static_cast<double>(count), reference);
    } else if (plane->normal.dot(reference) < 0.0) {
      plane = planeFromNormal(plane->origin, -plane->normal);
    }
    // The normal is the contour's vector area, the overlap volume's gradient: a body sliding
    // along the other with constant overlap then has no normal rate, which a plane fitted to a
    // curved contour gives it (docs/method.md, "The normal of a region"). Equal to the plane's
    // for a flat contour; the plane stays where the loops bound no area in its direction and the
    // faces do not confirm the vector area either. A sliver bent over a rounded edge (the
    // anchor's shank along the hawse pipe's lip) fits a plane 60° from both: a cone about the
    // plane alone flipped the normal by that much from step to step as the angle hovered at its
    // rim (docs/method.md, "The normal of a region").
    const Vec3 area_vector = vectorArea(*plane, patch.loops);
    const double area_norm = area_vector.norm();
    if (area_vector.dot(plane->normal) > std::cos(kAreaNormalCone) * area_norm ||
        area_vector.dot(reference) > std::cos(kFaceCone) * area_norm)
      plane = planeFromNormal(plane->origin, area_vector.normalized());
    const ProjectedRegion projected = projectRegion(*plane, patch.loops);
    patch.normal = plane->normal;
    patch.area = projected.area;
    patch.centroid = projected.area > 0.0 ? projected.centroid : plane->origin;
    patch.normal_rate_spread =
        flatNormalRateSpread(projected.area, projected.second_moment, patch.normal);
    // A penetrates B along +normal, B penetrates A along −normal (Dopico et al. §IV.F). δ is the
    // thickest local overlap along the normal (docs/method.md, "Conforming contact").
    LocalOverlap overlap =
        measureLocalOverlap(a, side_a, b, side_b, plane->normal, extras.overlap_at_crossings);
    PenetratedSurface surface_a = penetratedSurface(a, penetration_a, components_a, *plane,
                                                    plane->normal, overlap.a, patch.centroid);
    PenetratedSurface surface_b = penetratedSurface(b, penetration_b, components_b, *plane,
                                                    -plane->normal, overlap.b, patch.centroid);
    surface_a.probe_depth =
        std::max(surface_a.probe_depth,
                 probeDepth(a, tri_a, *plane, plane->normal, &overlap.a, patch.centroid));
    surface_b.probe_depth =
        std::max(surface_b.probe_depth,
                 probeDepth(b, tri_b, *plane, -plane->normal, &overlap.b, patch.centroid));
    patch.depth_a = surface_a.deepest_depth;
    patch.depth_b = surface_b.deepest_depth;
    patch.deepest_point_a = patch.depth_a > 0.0 ? surface_a.deepest_point : plane->origin;
    patch.deepest_point_b = patch.depth_b > 0.0 ? surface_b.deepest_point : plane->origin;
    const double spread = spreadAlong(patch.loops, plane->normal);
    // The column at the area centroid is one more sample of the overlap's thickness, the only
    // one of an edge pressed into a coarse face (pressure_centre.h, overlapColumn).
    const std::optional<OverlapColumn> column = overlapColumn(
        a, {side_a.triangles, tri_a}, b, {side_b.triangles, tri_b}, *plane, patch.centroid);
    if (column) {
      overlap.deepest = std::max(overlap.deepest, column->thickness());
      overlap.measured = true;
      patch.surface_offset = column->middle();
    }
    patch.indentation = patchIndentation(overlap.deepestSample(), overlap.sampled(), patch.depth_a,
                                         patch.depth_b, spread);
    // The law and the centre of pressure keep δ sampled at inside vertices and the centroid's
    // column: with the crossings' δ as the law's bound, the material rate δ̇ no longer follows it
    // and sliding contacts gain energy (docs/method.md, "Conforming contact").
    const double vertex_indentation =
        patchIndentation(overlap.deepest, overlap.measured, patch.depth_a, patch.depth_b, spread);
    patch.law_indentation = lawIndentation(
        std::max(surface_a.probe_depth + surface_b.probe_depth, column ? column->thickness() : 0.0),
        patch.loops.size() > 1, surface_a, surface_b, patch.area, vertex_indentation);
    patch.pressure_centre = pressureCentre(surface_a, surface_b, *plane, patch.centroid, patch.area,
                                           vertex_indentation);
    patch.pressure_turn =
        pressureCentreTurn(surface_a, surface_b, *plane, patch.centroid, patch.area,
                           projected.second_moment, vertex_indentation, patch.pressure_centre);
    patch.pressure_per_force = interfacePressurePerForce(
        a, overlap.a, b, overlap.b, split.interface, plane->normal, vertex_indentation);
    patch.triangles_a = std::move(tri_a);
    patch.triangles_b = std::move(tri_b);
    if (extras.depth_fields) {
      // Rounding leaves a touch (faces flush, no thickness) a few ulps either side of 0.
      patch.overlap_volume =
          std::max(0.0, overlapVolume(a, side_a, b, side_b, colliding, colliding_a, segments, weld,
                                      plane->origin));
    }
    // A side in the contact plane gets no field: patchPressure would drop it, and the pass over
    // a finely meshed ground under a block is most of the field's cost.
    if (extras.depth_fields && !negligibleSide(surface_a, surface_b))
      patch.depth_field_a = triangleDepths(a, side_a.triangles, *plane, plane->normal, &overlap.a);
    if (extras.depth_fields && !negligibleSide(surface_b, surface_a))
      patch.depth_field_b = triangleDepths(b, side_b.triangles, *plane, -plane->normal, &overlap.b);
    out.push_back(std::move(patch));
  });
  for (std::vector<ContactPatch>& patches : found) {
    for (ContactPatch& patch : patches) result.patches.push_back(std::move(patch));
  }
  return result;
}

ContactPatch transformed(const ContactPatch& patch, const Pose& motion) {
  ContactPatch out = patch;
  out.centroid = motion.apply(patch.centroid);
  out.pressure_centre = motion.apply(patch.pressure_centre);
  out.normal = motion.rotation * patch.normal;
  out.pressure_couple = motion.rotation * patch.pressure_couple;
  // Both halves of (n, (x − c) × n) turn with the motion.
  Mat6 rotation = Mat6::Zero();
  rotation.topLeftCorner<3, 3>() = rotation.bottomRightCorner<3, 3>() = motion.rotation;
  out.normal_rate_spread = rotation * patch.normal_rate_spread * rotation.transpose();
  out.pressure_turn = motion.rotation * patch.pressure_turn * motion.rotation.transpose();
  out.deepest_point_a = motion.apply(patch.deepest_point_a);
  out.deepest_point_b = motion.apply(patch.deepest_point_b);
  for (auto& loop : out.loops) {
    for (Vec3& p : loop) p = motion.apply(p);
  }
  return out;
}

namespace {

bool hasCoplanarPairs(const CollisionResult& collision) {
  return std::any_of(collision.pairs.begin(), collision.pairs.end(),
                     [](const TrianglePair& p) { return p.coplanar; });
}

Pose genericallyPerturbed(const Pose& a_in_b, const Box3& bounds_a, double scale) {
  // A turn of 1e-9 rad about A's own centre and a shift of 1e-9·scale, along directions with no
  // symmetry a CAD model would share (unit vectors of irrational-looking components).
  constexpr double kSize = 1e-9;
  const Vec3 centre = bounds_a.center();
  const Pose turn = Pose::fromTranslationRotationVector(
      Vec3::Zero(), kSize * Vec3(0.4330127, 0.7165313, 0.5468442).normalized());
  Pose about_centre = turn;
  about_centre.translation = centre - turn.rotation * centre +
                             kSize * scale * Vec3(0.5773503, 0.3090170, 0.7557613).normalized();
  return a_in_b * about_centre;
}

}  // namespace

CollisionResult collideTransversally(const AabbTree& a, const AabbTree& b, Pose& a_in_b,
                                     CollisionFront* front, const IndexLoop* loop) {
  CollisionResult collision = collide(a, b, a_in_b, CollisionMode::AllPairs, front, loop);
  if (!hasCoplanarPairs(collision)) return collision;
  a_in_b =
      genericallyPerturbed(a_in_b, a.mesh().bounds(), std::max(a.mesh().scale(), b.mesh().scale()));
  return collide(a, b, a_in_b, CollisionMode::AllPairs, front, loop);
}

ContactRegions findContact(const AabbTree& a, const Pose& world_a, const AabbTree& b,
                           const Pose& world_b, ContactWorkspace& workspace,
                           const ContactQueryOptions& options, ContactQueryReport* report) {
  ContactQueryReport unused;
  ContactQueryReport& r = report ? *report : unused;
  r = {};
  // Boxes apart: no triangles can intersect and neither body can be inside the other.
  if (!PosedMesh{a.mesh(), world_a}.boundsInQuery().intersects(
          PosedMesh{b.mesh(), world_b}.boundsInQuery())) {
    return {};
  }
  r.queried = true;
  auto start = WallClock::now();
  // Dopico et al. work in body j's (here B's) frame (§IV.B, eqs. 14–16): only A's touched
  // vertices are transformed.
  Pose a_in_b = relativePose(world_a, world_b);  // moved if faces lie coplanar
  const CollisionResult collision =
      collideTransversally(a, b, a_in_b, &workspace.front, options.loop);
  r.touching = !collision.pairs.empty();
  r.collision_seconds = secondsSince(start);

  start = WallClock::now();
  ContactRegions regions =
      findContactRegions(PosedMesh{a.mesh(), a_in_b}, PosedMesh{b.mesh(), Pose::identity()},
                         collision.pairs, workspace.penetration, options.extras, options.loop);
  if (collision.pairs.empty() && options.check_containment)
    regions.containment = findContainment(a, a_in_b, b, Pose::identity());
  r.regions_seconds = secondsSince(start);
  for (ContactPatch& patch : regions.patches) patch = transformed(patch, world_b);
  return regions;
}

ContactRegions findContact(const AabbTree& a, const Pose& world_a, const AabbTree& b,
                           const Pose& world_b) {
  ContactWorkspace workspace;
  return findContact(a, world_a, b, world_b, workspace);
}

}  // namespace contactsim
