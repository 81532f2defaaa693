#include "debug_layers.h"

#include <vtkActor.h>
#include <vtkMatrix4x4.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include <array>
#include <cmath>

#include "poly_layers.h"
#include "vtk_pose.h"

namespace contactsim::render {

namespace {

constexpr double kTriadLength = 0.08;      // relative to the scene scale
constexpr double kJointAxisLength = 0.15;  // whole line, centred on the joint point
// Conventional x red, y green, z blue (as the corner axes).
constexpr std::array<Rgb, 3> kTriadColours{{{0.95, 0.25, 0.25}, {0.3, 0.9, 0.3}, {0.3, 0.45, 1.0}}};

void styleLines(vtkActor& actor, double width) {
  actor.GetProperty()->LightingOff();
  actor.GetProperty()->SetLineWidth(width);
}

}  // namespace

DebugLayers::DebugLayers(vtkRenderer* overlay, vtkRenderer* main)
    : overlay_(overlay),
      main_(main),
      aabb_(std::make_unique<CellLayer>(CellLayer::Kind::Lines, false)),
      frames_(std::make_unique<CellLayer>(CellLayer::Kind::Lines, true)),
      cables_(std::make_unique<CellLayer>(CellLayer::Kind::Lines, true)),
      joints_(std::make_unique<CellLayer>(CellLayer::Kind::Lines, false)),
      aabb_pose_(makePoseMatrix(Pose::identity())) {
  styleLines(*aabb_->actor(), 1.0);
  setActorColour(*aabb_->actor(), kAabbColour);
  aabb_->actor()->GetProperty()->SetOpacity(0.7);
  aabb_->actor()->SetUserMatrix(aabb_pose_);
  styleLines(*frames_->actor(), 3.0);
  styleLines(*cables_->actor(), 3.0);
  styleLines(*joints_->actor(), 2.0);
  setActorColour(*joints_->actor(), kJointAxisColour);
  joints_->actor()->GetProperty()->SetLineStipplePattern(0xF0F0);
  overlay_->AddActor(aabb_->actor());
  overlay_->AddActor(frames_->actor());
  overlay_->AddActor(joints_->actor());
  main_->AddActor(cables_->actor());
}

DebugLayers::~DebugLayers() {
  overlay_->RemoveActor(aabb_->actor());
  overlay_->RemoveActor(frames_->actor());
  overlay_->RemoveActor(joints_->actor());
  main_->RemoveActor(cables_->actor());
}

vtkActor* DebugLayers::actor(Layer layer) const {
  switch (layer) {
    case Layer::AabbTree:
      return aabb_->actor();
    case Layer::BodyFrames:
      return frames_->actor();
    case Layer::Cables:
      return cables_->actor();
    case Layer::JointAxes:
      return joints_->actor();
    default:
      return nullptr;
  }
}

void DebugLayers::setVisible(Layer layer, bool visible) {
  if (vtkActor* a = actor(layer)) a->SetVisibility(visible);
}

bool DebugLayers::visible(Layer layer) const {
  vtkActor* a = actor(layer);
  return a != nullptr && a->GetVisibility() != 0;
}

void DebugLayers::setSceneScale(double length) {
  if (length > 0.0 && std::isfinite(length)) scene_scale_ = length;
}

void DebugLayers::setAabbTree(int body, const AabbTree* tree, int max_depth) {
  aabb_->clear();
  aabb_boxes_ = 0;
  aabb_body_ = body;
  if (tree != nullptr && !tree->empty() && !AabbTree::isTriangle(tree->root())) {
    // Twelve edges of each box, breadth first down to max_depth.
    struct Item {
      AabbTree::Ref ref;
      int depth;
    };
    std::vector<Item> stack{{tree->root(), 0}};
    while (!stack.empty()) {
      const Item item = stack.back();
      stack.pop_back();
      const AabbTree::Node& node = tree->node(item.ref);
      vtkIdType c[8];
      for (int k = 0; k < 8; ++k) {
        const Vec3 p((k & 1) ? node.hi[0] : node.lo[0], (k & 2) ? node.hi[1] : node.lo[1],
                     (k & 4) ? node.hi[2] : node.lo[2]);
        c[k] = aabb_->addPoint(p);
      }
      static constexpr int kEdges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                                            {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
      for (const auto& e : kEdges) aabb_->addCell({c[e[0]], c[e[1]]});
      ++aabb_boxes_;
      if (item.depth >= max_depth) continue;
      for (AabbTree::Ref child : node.child) {
        if (!AabbTree::isTriangle(child)) stack.push_back({child, item.depth + 1});
      }
    }
  }
  aabb_->commit();
  placeAabbTree();  // a paused run sends no frame to move the new tree into place
}

void DebugLayers::setCables(std::vector<CablePath> cables) { cable_paths_ = std::move(cables); }

void DebugLayers::setJointAxes(std::vector<JointAxis> axes) { joint_axes_ = std::move(axes); }

Vec3 DebugLayers::worldPoint(const BodyPoint& p, std::span<const BodyState> bodies) const {
  if (p.body < 0 || static_cast<std::size_t>(p.body) >= bodies.size()) return p.point;
  return bodies[p.body].pose.apply(p.point);
}

std::vector<Vec3> DebugLayers::worldPath(const CablePath& path,
                                         std::span<const BodyState> bodies) const {
  std::vector<Vec3> points;
  for (const BodyPoint& p : path.points) points.push_back(worldPoint(p, bodies));
  if (path.guide && points.size() == 2) {
    // The same path the chain's length is measured along (core/dynamics/chain_path.h).
    if (const std::optional<Vec3> bend = chainPath(points[0], points[1], path.guide).bend)
      points.insert(points.begin() + 1, *bend);
  }
  return points;
}

void DebugLayers::placeAabbTree() {
  if (aabb_body_ >= 0 && static_cast<std::size_t>(aabb_body_) < poses_.size()) {
    setPoseMatrix(*aabb_pose_, poses_[aabb_body_]);
    aabb_->actor()->Modified();
  }
}

void DebugLayers::update(std::span<const BodyState> bodies, std::span<const CableState> cables) {
  poses_.resize(bodies.size());
  for (std::size_t i = 0; i < bodies.size(); ++i) poses_[i] = bodies[i].pose;
  placeAabbTree();

  frames_->clear();
  const double triad = kTriadLength * scene_scale_;
  for (const BodyState& body : bodies) {
    const vtkIdType origin = frames_->addPoint(body.pose.translation);
    for (int axis = 0; axis < 3; ++axis) {
      const vtkIdType tip = frames_->addPoint(body.pose.apply(triad * Vec3::Unit(axis)));
      frames_->addCell({origin, tip});
      frames_->addColour(kTriadColours[axis]);
    }
  }
  frames_->commit();

  cables_->clear();
  std::vector<vtkIdType> ids;
  for (std::size_t i = 0; i < cable_paths_.size(); ++i) {
    if (cable_paths_[i].points.size() < 2) continue;
    ids.clear();
    for (const Vec3& p : worldPath(cable_paths_[i], bodies)) ids.push_back(cables_->addPoint(p));
    cables_->addCell(ids.data(), static_cast<vtkIdType>(ids.size()));
    const bool taut = i < cables.size() && cables[i].tension > 0.0;
    cables_->addColour(taut ? kCableColour : kSlackCableColour);
  }
  cables_->commit();

  joints_->clear();
  const double half = 0.5 * kJointAxisLength * scene_scale_;
  for (const JointAxis& joint : joint_axes_) {
    const BodyPoint at{joint.body, joint.point};
    const Vec3 centre = worldPoint(at, bodies);
    Vec3 axis = joint.axis;
    if (joint.body >= 0 && static_cast<std::size_t>(joint.body) < bodies.size()) {
      axis = bodies[joint.body].pose.applyToDirection(axis);
    }
    if (!(axis.norm() > 0.0)) continue;
    axis.normalize();
    const vtkIdType a = joints_->addPoint(centre - half * axis);
    const vtkIdType b = joints_->addPoint(centre + half * axis);
    joints_->addCell({a, b});
  }
  joints_->commit();
}

}  // namespace contactsim::render
