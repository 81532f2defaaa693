// One contact region between two bodies, as the force laws, recorder and renderer see it.
#pragma once

#include <vector>

#include "geometry/types.h"

namespace contactsim {

// One penetrated triangle's part of the elastic-foundation (Winkler) field whose centre of
// pressure is ContactPatch::pressure_centre: ∫ d dA over the triangle, d the body's share of the
// local overlap (pressure_centre.h), linear on the triangle and clipped at 0, and the area of the
// part where d > 0 (a wall's thin strip below the contact plane, not the whole wall triangle).
// depth_integral / area is the mean share where it presses; patch_pressure.h turns it into a
// pressure.
struct TriangleDepth {
  std::int32_t triangle = -1;
  double area = 0.0;            // m², pressing part
  double depth_integral = 0.0;  // m³, > 0
};

// Points and directions are in the frame of the query that made the patch: the frame both
// PosedMesh poses are given in (findContactRegions works in body B's frame). findContact, which the
// CLI, the start check and the simulation run, maps them to world coordinates (transformed), which
// is what every patch that leaves core/contact/ is in (docs/method.md, "Frames in names").
struct ContactPatch {
  int id = -1;  // persistent across steps once tracked (ContactTracker)
  // The id of the contact of the step before whose region this one overlapped when it began —
  // the same contact split, merged or re-identified as it slides (ContactTracker::update) —
  // kept for its whole life; −1 for a contact that began where the pair had none (the surfaces
  // met: a make event).
  int continues = -1;
  Vec3 centroid = Vec3::Zero();  // centroid of the contour projected into the contact plane
  // Where the contact force acts: the centre of pressure of an elastic foundation over the
  // penetrated surfaces, in the contact plane (pressure_centre.h); the centroid for a contact
  // without penetrated vertices. A split region's piece: the centroid of its pressing surface's
  // parts inside the other body (curved_piece.h, pieceAction).
  Vec3 pressure_centre = Vec3::Zero();
  // How far along the normal from pressure_centre the overlap's middle lies, measured on the area
  // centroid's line (overlapColumn; 0 where that line meets no overlap, and for a split region's
  // piece, whose centre already lies on its pressing surface). The force acts there: on the same
  // line of action, so the normal force's moment is the same, but friction acts where the
  // surfaces slide, not on the chord of a conforming contact (docs/method.md, "Where a whole
  // region's friction acts").
  double surface_offset = 0.0;
  Vec3 forcePoint() const { return pressure_centre + surface_offset * normal; }
  // Unit, from body A into body B (force on B is +F_n·normal): the contact plane's; a piece's is
  // its pressing surface's mean normal (pieceAction), 0.5° from its plane's on a thread's flank.
  Vec3 normal = Vec3::Zero();
  // A split region's piece (curved_piece.h): the moment per unit normal force its pressure adds
  // about its centre (the torque on B is F_n·pressure_couple), and the covariance over it of the
  // normal rates (n, (x − pressure_centre) × n) that damps their variation. A whole region's
  // couple is zero and its rates' covariance its flat area's (flatNormalRateSpread).
  Vec3 pressure_couple = Vec3::Zero();
  Mat6 normal_rate_spread = Mat6::Zero();
  // ∫p dA per unit normal force (≥ 1), what friction is proportional to: a split region's
  // piece's CurvedPieceTerms::pressure_per_force, a whole region's interfacePressurePerForce
  // (1.063 on a pin's ±45° lune in its bore, 1 on a flat face; docs/method.md, "Friction on a
  // curved piece" and "Friction over a whole region").
  double pressure_per_force = 1.0;
  // How the centre of pressure moves as B turns relative to A by a small θ: Δx = pressure_turn·θ
  // (pressureCentreTurn; m/rad). A whole region's; zero for the pieces of a split region.
  Mat3 pressure_turn = Mat3::Zero();
  // δ ≥ 0: the largest local overlap of the two surfaces along the normal (the thickness of the
  // penetrated volume along it; docs/method.md). For non-conforming contact δ ≈ depth_a + depth_b.
  double indentation = 0.0;
  // The indentation the normal law is given, 0 ≤ law_indentation ≤ indentation: the overlap's
  // thickness at the area centroid, or its mean over the area where larger; twice the mean, at
  // most δ, where the centroid lies outside the overlap (lawIndentation in pressure_centre.h).
  // Equal to δ for a convex cap on a flat; the mean depth of a flat face, whatever its small
  // tilt.
  double law_indentation = 0.0;
  double area = 0.0;  // projected area inside the contour (holes subtracted)
  // |A ∩ B| in this region, m³ (overlap_volume.h): computed with the depth fields (inspection and
  // display; no force uses it), and not for the pieces of a split region, whose cuts are not part
  // of A ∩ B's boundary (0 then).
  double overlap_volume = 0.0;
  // Closed polylines (last point not repeated); outer contours and holes of the region.
  std::vector<std::vector<Vec3>> loops;
  // A contour ran into a mesh boundary, or was cut where a non-planar region was split into
  // patches (region_split.h), and was closed by a chord.
  bool has_open_loop = false;
  // Deepest point of each body beyond the contact plane and its depth (≥ 0); where the surfaces
  // wrap around each other these exceed the overlap δ.
  Vec3 deepest_point_a = Vec3::Zero();
  Vec3 deepest_point_b = Vec3::Zero();
  double depth_a = 0.0;
  double depth_b = 0.0;
  // Triangles of each mesh that intersect the other in this region (sorted, unique).
  std::vector<std::int32_t> triangles_a;
  std::vector<std::int32_t> triangles_b;
  // The depth field per penetrated triangle of each body (sorted by triangle; only those with
  // ∫ d dA > 0; empty for a side in the contact plane, kNegligibleDepthShare). A different set from
  // triangles_a/b: it holds the triangles wholly inside the other body (a flat face's inner
  // triangles), and not the crossing ones that carry no depth. For display only: the force, δ and
  // the centre of pressure are computed without them. Not stored in recordings.
  std::vector<TriangleDepth> depth_field_a;
  std::vector<TriangleDepth> depth_field_b;
};

// What a region query computes beyond what the force laws need (findContactRegions).
struct RegionExtras {
  // The per-triangle depth field (ContactPatch::depth_field_a/b; display only, a pass over the
  // penetrated triangles) and the overlap volume (overlap_volume.h).
  bool depth_fields = true;
  // δ also sampled where an edge of one body crosses an edge of the other (local_overlap.h): the
  // real overlap of an edge pressed into a face with no vertex under it. The law's indentation and
  // the centre of pressure never use these samples, so a simulation, which reports the law's δ,
  // skips them.
  bool overlap_at_crossings = true;
};

}  // namespace contactsim
