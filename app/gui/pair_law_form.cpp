#include "pair_law_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "body_choice.h"
#include "law_editor.h"

namespace contactsim::gui {

using nlohmann::json;

namespace {

bool isBody(const std::vector<std::string>& bodies, const std::string& name) {
  return std::find(bodies.begin(), bodies.end(), name) != bodies.end();
}

json contactOf(const SceneDocument& document) {
  const json& root = document.json();
  return root.contains("contact") && root["contact"].is_object() ? root["contact"] : json::object();
}

}  // namespace

PairLawForm::PairLawForm(SceneDocument& document, SceneCommit commit, QWidget* parent)
    : QWidget(parent),
      document_(document),
      commit_(std::move(commit)),
      overrides_(new QListWidget(this)),
      body_a_(new QComboBox(this)),
      body_b_(new QComboBox(this)),
      status_(new QLabel(this)),
      editor_(new LawEditor(this)),
      apply_(new QPushButton("Set this pair's law and reset", this)),
      remove_(new QPushButton("Use the default law", this)),
      error_(new QLabel(this)) {
  overrides_->setObjectName("pair_overrides");
  overrides_->setMaximumHeight(100);
  body_a_->setObjectName("pair_body_a");
  body_b_->setObjectName("pair_body_b");
  status_->setObjectName("pair_status");
  status_->setWordWrap(true);
  apply_->setObjectName("apply_pair_law");
  remove_->setObjectName("remove_pair_law");
  error_->setObjectName("pair_error");
  error_->setStyleSheet("color: #c00000");
  error_->setWordWrap(true);

  auto* pair = new QFormLayout;
  pair->addRow("Body A", body_a_);
  pair->addRow("Body B", body_b_);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(apply_);
  buttons->addWidget(remove_);
  buttons->addStretch();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(new QLabel("Pairs with their own law:", this));
  layout->addWidget(overrides_);
  layout->addLayout(pair);
  layout->addWidget(status_);
  layout->addWidget(editor_);
  layout->addLayout(buttons);
  layout->addWidget(error_);

  connect(overrides_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    const QStringList bodies = item->data(Qt::UserRole).toStringList();
    if (bodies.size() == 2) selectPair(bodies[0].toStdString(), bodies[1].toStdString());
  });
  for (QComboBox* combo : {body_a_, body_b_}) {
    connect(combo, &QComboBox::currentIndexChanged, this, &PairLawForm::showPair);
  }
  connect(apply_, &QPushButton::clicked, this, &PairLawForm::apply);
  connect(remove_, &QPushButton::clicked, this, &PairLawForm::removeOverride);
  refresh();
}

QString PairLawForm::errorText() const { return error_->text(); }

void PairLawForm::setError(const QString& error) { error_->setText(error); }

void PairLawForm::refresh() {
  const std::vector<std::string> bodies = document_.bodyNames();
  json state = {{"contact", contactOf(document_)}, {"bodies", bodies}};
  if (refreshed_ && state == shown_state_) return;
  shown_state_ = std::move(state);
  refreshed_ = true;
  // The chosen pair stays chosen while its bodies exist; else the first two bodies.
  std::string a = chosenBody(body_a_), b = chosenBody(body_b_);
  if (!isBody(bodies, a)) a = bodies.empty() ? "" : bodies[0];
  if (!isBody(bodies, b)) b = bodies.size() < 2 ? a : bodies[1];
  showBodyChoice(body_a_, bodies, false, a);
  showBodyChoice(body_b_, bodies, false, b);
  fillOverrides();
  showPair();
}

void PairLawForm::fillOverrides() {
  overrides_->clear();
  const json contact = contactOf(document_);
  for (const json& o : contact.value("overrides", json::array())) {
    const json bodies = o.is_object() ? o.value("bodies", json()) : json();
    if (!bodies.is_array() || bodies.size() != 2 || !bodies[0].is_string() ||
        !bodies[1].is_string()) {
      continue;
    }
    const QString a = QString::fromStdString(bodies[0]), b = QString::fromStdString(bodies[1]);
    const json law = o.value("law", json::object());
    const QString model = law.is_object() && law.contains("model") && law["model"].is_string()
                              ? QString::fromStdString(law["model"].get<std::string>())
                              : QString("?");
    auto* item = new QListWidgetItem(QStringLiteral("%1 – %2: %3").arg(a, b, model), overrides_);
    item->setData(Qt::UserRole, QStringList{a, b});
  }
}

void PairLawForm::selectPair(const std::string& a, const std::string& b) {
  {
    const QSignalBlocker block_a(body_a_), block_b(body_b_);
    showBodyChoice(body_a_, document_.bodyNames(), false, a);
    showBodyChoice(body_b_, document_.bodyNames(), false, b);
  }
  showPair();
}

void PairLawForm::showPair() {
  const std::string a = chosenBody(body_a_), b = chosenBody(body_b_);
  const json* own = a.empty() || a == b ? nullptr : document_.pairLaw(a, b);
  const json contact = contactOf(document_);
  // A pair without its own law starts from the default law: "Set" then makes a variant of it.
  editor_->setLaw(own ? *own : contact.value("law", json()));
  const QString pair = QString::fromStdString(a + " – " + b);
  if (a.empty() || a == b) {
    status_->setText("Choose two different bodies.");
  } else if (own) {
    status_->setText(pair + " has its own law.");
  } else {
    status_->setText(pair + " uses the default law (shown); \"Set\" gives it its own.");
  }
  remove_->setEnabled(own != nullptr);
  setError({});
}

bool PairLawForm::apply() {
  const std::string a = chosenBody(body_a_), b = chosenBody(body_b_);
  if (a.empty() || a == b) {
    setError("bodies: expected two different bodies");
    return false;
  }
  json law;
  QString error;
  if (!editor_->read(law, error)) {
    setError(error);
    return false;
  }
  if (!commit_([&](SceneDocument& document) { document.setPairLaw(a, b, law); })) {
    setError("Not applied: the scene does not build with this law.");
    return false;
  }
  refreshed_ = false;
  refresh();
  return true;
}

bool PairLawForm::removeOverride() {
  const std::string a = chosenBody(body_a_), b = chosenBody(body_b_);
  if (!document_.pairLaw(a, b)) return false;
  if (!commit_([&](SceneDocument& document) { document.removePairLaw(a, b); })) {
    setError("Not removed: the scene does not build with the default law for this pair.");
    return false;
  }
  refreshed_ = false;
  refresh();
  return true;
}

}  // namespace contactsim::gui
