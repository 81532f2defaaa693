// The start check's notice: status bar warning, the list of pairs, and the lift that clears them.
#include "start_overlap_notice.h"

#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

namespace contactsim::gui {

StartOverlapNotice::StartOverlapNotice(QWidget* parent, QStatusBar* status_bar)
    : QObject(parent), parent_(parent), status_bar_(status_bar) {}

void StartOverlapNotice::show(const std::vector<StartOverlap>& overlaps,
                              const QString& small_overlaps) {
  overlaps_ = overlaps;
  lines_.clear();
  for (const StartOverlap& overlap : overlaps) lines_ << QString::fromStdString(describe(overlap));
  if (overlaps.empty()) {
    if (box_) box_->hide();
    return;
  }
  const QString more = overlaps.size() > 1
                           ? QStringLiteral(" (and %1 more pairs)").arg(overlaps.size() - 1)
                           : QString();
  status_bar_->showMessage("warning: " + lines_.front() + more, 15000);
  if (!box_) {
    box_ = new QMessageBox(QMessageBox::Warning, "Bodies start interpenetrating", "",
                           QMessageBox::Close, parent_);
    box_->setWindowModality(Qt::NonModal);
    QPushButton* lift = box_->addButton("Lift clear", QMessageBox::ActionRole);
    connect(lift, &QPushButton::clicked, this, &StartOverlapNotice::liftClearRequested);
  }
  QString text = QStringLiteral(
                     "%1 contact pair%2 interpenetrate at t = 0; the contact law "
                     "will push them apart at the first step:\n\n")
                     .arg(overlaps.size())
                     .arg(overlaps.size() == 1 ? "" : "s");
  text += lines_.join('\n');
  if (!small_overlaps.isEmpty()) text += "\n\n" + small_overlaps;
  text += "\n\nLift clear moves the free body of each pair along its hint.";
  box_->setText(text);
  box_->show();
}

const StartOverlap* liftClear(nlohmann::json& scene, const std::vector<StartOverlap>& overlaps) {
  nlohmann::json& bodies = scene["bodies"];
  const auto find = [&bodies](const std::string& name) -> nlohmann::json* {
    for (nlohmann::json& body : bodies)
      if (body.value("name", std::string()) == name) return &body;
    return nullptr;
  };
  for (const StartOverlap& overlap : overlaps) {
    // The hint moves B along the normal; a fixed B is cleared just as well by A moving back.
    nlohmann::json* body = find(overlap.body_b);
    Vec3 offset = overlap.lift_distance * overlap.lift_direction;
    if (body && body->value("fixed", false)) {
      body = find(overlap.body_a);
      offset = -offset;
    }
    if (!body || body->value("fixed", false)) return &overlap;
    Vec3 position = Vec3::Zero();
    if (body->contains("position")) {
      for (int k = 0; k < 3; ++k) position[k] = (*body)["position"][k].get<double>();
    }
    position += offset;
    (*body)["position"] = {position.x(), position.y(), position.z()};
  }
  return nullptr;
}

}  // namespace contactsim::gui
