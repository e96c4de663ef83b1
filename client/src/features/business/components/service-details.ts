/** What each consulting service includes: the text of its page (/business/*). */
import type { BusinessService } from '../services';

export interface ServiceDetails {
  summary: string;
  items: readonly { title: string; text: string }[];
}

export const SERVICE_DETAILS: Record<BusinessService['source'], ServiceDetails> = {
  gczx: {
    summary: '为政府投资和企业投资项目提供项目建议书、可行性研究报告、初步设计审查与全过程工程咨询服务。',
    items: [
      { title: '项目建议书与可研报告', text: '依据国家和省有关规定编制，满足发改部门立项审批与核准备案要求。' },
      { title: '初步设计与概算审查', text: '对设计方案的技术经济合理性进行审查，控制投资规模。' },
      { title: '全过程工程咨询', text: '统筹项目策划、报批报建、招标采购、施工管理与竣工验收。' },
      { title: '专项评价', text: '节能评估、社会稳定风险评估、资金申请报告等专项咨询。' },
    ],
  },
  xmzx: {
    summary: '依托全省拟在建项目库，为施工、设计与设备材料企业提供项目信息跟踪、业主对接与投标策略咨询。',
    items: [
      { title: '项目信息定制', text: '按地区、行业、投资规模定制项目清单，每日推送最新进展。' },
      { title: '业主关系对接', text: '核实建设单位与联系人，协助建立有效的业务沟通渠道。' },
      { title: '投标策略分析', text: '分析同类项目中标情况与竞争对手，制定有针对性的投标策略。' },
      { title: '市场研究报告', text: '区域与行业投资趋势研究，为企业经营决策提供依据。' },
    ],
  },
  zjzx: {
    summary: '提供投资估算、工程量清单与招标控制价编制、施工阶段造价控制与竣工结算审核服务。',
    items: [
      { title: '投资估算与设计概算', text: '在项目决策和设计阶段合理确定投资额，为资金筹措提供依据。' },
      { title: '工程量清单与控制价', text: '依据现行计价规范编制清单和招标控制价，减少招标争议。' },
      { title: '施工阶段造价控制', text: '进度款审核、变更签证审核与动态成本管理。' },
      { title: '竣工结算审核', text: '全面审核结算资料，出具结算审核报告。' },
    ],
  },
};
