// Debug drawings over the bodies: a body's AABB tree boxes down to a depth, an axes triad per body
// frame, cables as lines between their attachment points, joint axes. Like the contact layer, a
// fixed set of actors whose polydata are refilled in place each frame.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <vtkSmartPointer.h>

#include "body_palette.h"
#include "collision/aabb_tree.h"
#include "dynamics/chain_path.h"
#include "layers.h"
#include "sim/simulation_frame.h"

class vtkActor;
class vtkMatrix4x4;
class vtkRenderer;

namespace contactsim::render {

class CellLayer;

inline constexpr Rgb kAabbColour{0.82, 0.84, 0.88};
inline constexpr Rgb kCableColour{0.95, 0.62, 0.15};       // taut (tension > 0)
inline constexpr Rgb kSlackCableColour{0.70, 0.70, 0.70};  // slack or tension unknown
inline constexpr Rgb kJointAxisColour{1.0, 1.0, 1.0};

// A point fixed on a body, in the body's (mesh) frame; body −1 is the world (point in world).
struct BodyPoint {
  int body = -1;
  Vec3 point = Vec3::Zero();
};

// A cable's path: its attachment points in order (two for a straight cable, more through pulleys).
// A chain led through a ring (two points and a guide) is drawn through the point of the ring's rim
// it bears on at each frame, where its model bends it (chainPath), or straight when it passes
// clear of the rim.
struct CablePath {
  std::vector<BodyPoint> points;
  std::optional<ChainGuide> guide;
};

// A joint axis through `point` along `axis`, both in the frame of `body` (−1: world).
struct JointAxis {
  int body = -1;
  Vec3 point = Vec3::Zero();
  Vec3 axis = Vec3::UnitZ();
};

class DebugLayers {
 public:
  // AABB boxes, body frames and joint axes go to `overlay` (seen inside bodies); cables to `main`
  // (depth-tested with the bodies, as real objects). Either may be the same renderer.
  DebugLayers(vtkRenderer* overlay, vtkRenderer* main);
  ~DebugLayers();
  DebugLayers(const DebugLayers&) = delete;
  DebugLayers& operator=(const DebugLayers&) = delete;

  // A length typical of the scene (m): triad and joint-axis lengths.
  void setSceneScale(double length);

  // The AABB tree of scene body `body` (must outlive this object or the next call) drawn down to
  // `max_depth` (0: the root box only); built once in the body frame and moved by its pose.
  // A null tree clears the layer.
  void setAabbTree(int body, const AabbTree* tree, int max_depth);
  void setCables(std::vector<CablePath> cables);
  void setJointAxes(std::vector<JointAxis> axes);

  // Places everything at these body poses (scene order); `cables` (scene order, may be empty)
  // colours each cable taut or slack by its tension.
  void update(std::span<const BodyState> bodies, std::span<const CableState> cables = {});
  void update(const SimulationFrame& frame) { update(frame.bodies, frame.cables); }

  // Layers handled here: AabbTree, BodyFrames, Cables, JointAxes.
  void setVisible(Layer layer, bool visible);
  bool visible(Layer layer) const;
  vtkActor* actor(Layer layer) const;

  long aabbBoxCount() const { return aabb_boxes_; }

 private:
  Vec3 worldPoint(const BodyPoint& p, std::span<const BodyState> bodies) const;
  // The drawn polyline of `path` at these poses, in the world.
  std::vector<Vec3> worldPath(const CablePath& path, std::span<const BodyState> bodies) const;
  // Moves the AABB boxes to their body's last pose.
  void placeAabbTree();

  vtkRenderer* overlay_;
  vtkRenderer* main_;
  std::unique_ptr<CellLayer> aabb_, frames_, cables_, joints_;
  vtkSmartPointer<vtkMatrix4x4> aabb_pose_;
  int aabb_body_ = -1;
  std::vector<Pose> poses_;  // of the last update, scene order
  long aabb_boxes_ = 0;
  std::vector<CablePath> cable_paths_;
  std::vector<JointAxis> joint_axes_;
  double scene_scale_ = 1.0;
};

}  // namespace contactsim::render
