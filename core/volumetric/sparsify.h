// Fewer, better-conditioned contact points (Solfec-1.0's dom.c sparsify_contacts, theory manual
// "Contact sparsification"): many convex pieces in contact give many points, some with normals
// spoilt by round-off near edges and corners, more than a rigid body's six freedoms can use.
#pragma once

#include <cmath>
#include <vector>

#include "volumetric/volumetric_contact.h"

namespace contactsim::volumetric {

struct SparsifyOptions {
  double min_area = 0.0;      // points with a smaller area are dropped (m²)
  double min_distance = 0.0;  // points nearer than this ...
  double min_normal_cosine = std::cos(10.0 * 3.14159265358979323846 / 180.0);  // ... and with
  // normals within this angle are merged into one (m; cosine of the angle)

  // Defaults relative to the model's size L (e.g. the larger body's bounding-box diagonal):
  // min_area = 1e-6·L², min_distance = 1e-2·L, normals within 10°.
  static SparsifyOptions forModelSize(double length);
};

// Drops points under min_area, then merges, largest area first, each remaining point into an
// earlier kept one within min_distance whose normal is within the angle: the kept point becomes
// the area-weighted mean of the two (point and normal, renormalised), areas and volumes add, the
// gap is the smaller (deeper) one, the intersection surfaces are concatenated, the surface ids and
// piece indices stay those of the larger point. Points far apart, or close but with different
// normals (the two sides of an edge), are all kept. The result is ordered by decreasing area.
std::vector<VolumetricContactPoint> sparsify(std::vector<VolumetricContactPoint> points,
                                             const SparsifyOptions& options);

}  // namespace contactsim::volumetric
