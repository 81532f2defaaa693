// The start check's notice (issue 20): the pairs of the shown run that interpenetrate at t = 0,
// in the status bar and in a non-modal list whose "Lift clear" asks for them to be moved apart.
// Non-modal because the scene may be meant that way, and the user fixes it in the forms beside it.
#pragma once

#include <QObject>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <vector>

#include "sim/start_check.h"

class QMessageBox;
class QStatusBar;
class QWidget;

namespace contactsim::gui {

class StartOverlapNotice : public QObject {
  Q_OBJECT

 public:
  // The list opens over `parent`; the warning goes to `status_bar`.
  StartOverlapNotice(QWidget* parent, QStatusBar* status_bar);

  // The check of a new run: the first pair (and how many more) in the status bar, and the list
  // with `small_overlaps` (the summary of the pairs too shallow to list). No pairs hide the list:
  // the edit that rebuilt the scene fixed them.
  void show(const std::vector<StartOverlap>& overlaps, const QString& small_overlaps);
  // The pairs last shown, and one line per pair (describe()).
  const std::vector<StartOverlap>& overlaps() const { return overlaps_; }
  const QStringList& lines() const { return lines_; }
  // The list; null until the first pair is shown.
  QMessageBox* box() const { return box_; }

 signals:
  void liftClearRequested();

 private:
  QWidget* parent_;
  QStatusBar* status_bar_;
  std::vector<StartOverlap> overlaps_;
  QStringList lines_;
  QMessageBox* box_ = nullptr;  // made on the first overlap, reused after
};

// Moves the free body of each pair in `scene` (a scene document) clear along its lift hint.
// Returns the first pair neither of whose bodies is free, with `scene` then partly moved (the
// caller keeps a copy to restore); null when every pair moved.
const StartOverlap* liftClear(nlohmann::json& scene, const std::vector<StartOverlap>& overlaps);

}  // namespace contactsim::gui
